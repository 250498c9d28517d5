#include "horde/game/lichess.hpp"

namespace horde::game {

namespace {

constexpr Bitboard LIGHT_SQUARES = 0x55AA55AA55AA55AAULL; // a1 is dark, b1 light

// Material of one side, as the test needs it.
struct Material {
    int pawns = 0, knights = 0, bishops = 0, rooks = 0, queens = 0;
    int light_bishops = 0, dark_bishops = 0;
    int total = 0; // every unit, the king included
};

Material material_of(const position::Position& pos, Color c) {
    Material m;
    m.pawns = popcount(pos.pieces(c, PAWN));
    m.knights = popcount(pos.pieces(c, KNIGHT));
    m.rooks = popcount(pos.pieces(c, ROOK));
    m.queens = popcount(pos.pieces(c, QUEEN));
    const Bitboard bishops = pos.pieces(c, BISHOP);
    m.bishops = popcount(bishops);
    m.light_bishops = popcount(bishops & LIGHT_SQUARES);
    m.dark_bishops = popcount(bishops & ~LIGHT_SQUARES);
    m.total = popcount(pos.pieces(c));
    return m;
}

bool horde_cannot_mate(const Material& h, const Material& d);

// horde_cannot_mate with one White unit; `other_bishops`: Black's bishops on the colour White's
// bishop (if any) does not cover.
bool one_unit_cannot_mate(const Material& h, const Material& d, int other_bishops) {
    if (d.total == 1) return true; // one unit against a bare king
    if (h.queens == 1) {
        // Queen: the king in a corner blocked by a pawn or rook beside it, or by two
        // bishops (on the two squares beside the corner, one colour).
        return !(d.pawns > 0 || d.rooks > 0 || d.light_bishops >= 2 || d.dark_bishops >= 2);
    }
    if (h.pawns == 1) {
        // A lone pawn: it can win only if it wins as the queen or the knight it becomes.
        Material as_queen = h, as_knight = h;
        as_queen.pawns = as_knight.pawns = 0;
        as_queen.queens = 1;
        as_knight.knights = 1;
        return horde_cannot_mate(as_queen, d) && horde_cannot_mate(as_knight, d);
    }
    if (h.rooks == 1) {
        // Rook: a king in the corner with a pawn or rook in front of it and a pawn or
        // knight beside that one.
        return !(d.pawns >= 2 || (d.rooks > 0 && d.pawns > 0) || (d.rooks > 0 && d.knights > 0) ||
                 (d.pawns > 0 && d.knights > 0));
    }
    if (h.bishops >= 1) {
        // Bishop: the king needs two blockers on the other colour — pawns (which can
        // also promote into such bishops) or bishops of that colour.
        return !(other_bishops >= 2 || (other_bishops >= 1 && d.pawns >= 1) || d.pawns >= 2);
    }
    if (h.knights == 1) {
        // Knight: a king smothered in the corner needs three blockers around it (four
        // Black units in all), two of them from pawn, knight, bishop and rook — but not
        // two rooks or two bishops, and never a queen (each would guard the knight's
        // square or be unable to stand there). The two squares beside the corner
        // differ in colour and a bishop on the knight's colour would take it, so
        // Black's bishops count once per colour.
        const int blockers = d.total - d.bishops + (d.light_bishops > 0) + (d.dark_bishops > 0);
        const int kinds_p_n_b_r = (d.pawns > 0) + (d.knights > 0) + (d.bishops > 0) + (d.rooks > 0);
        const bool pair = kinds_p_n_b_r >= 2 || d.knights >= 2 || d.pawns >= 2;
        return !(blockers >= 4 && pair);
    }
    return true;
}

// horde_cannot_mate with two White units (no pawn or queen: those mate with any helper).
bool two_units_cannot_mate(const Material& h, const Material& d, int other_bishops, int not_same_bishops) {
    const bool bishop_pair = h.light_bishops > 0 && h.dark_bishops > 0;
    if (d.total == 1) return true; // two minor pieces (or rook + bishop) vs a bare king
    if (h.knights == 2) {
        // Two knights mate a cornered king blocked by a pawn, bishop or knight.
        return !(d.pawns + d.bishops + d.knights >= 1);
    }
    if (bishop_pair) {
        // The pair mates a king blocked by a pawn or bishop; or, Boden-like, a king
        // walled in by a knight and a rook or queen.
        return !(d.pawns >= 1 || d.bishops >= 1 || (d.knights >= 1 && d.rooks + d.queens >= 1));
    }
    if (h.bishops >= 1 && h.knights >= 1) {
        // Bishop and knight: a blocker on the bishop's blind colour, or enough Black
        // units off that colour to wall the king in.
        return !(d.pawns >= 1 || other_bishops >= 1 || not_same_bishops >= 3);
    }
    // Two bishops of one colour (or rook + bishop, see above): Black must block the
    // other colour's squares around its king with two units that can stand there.
    return !((d.pawns >= 1 && other_bishops >= 1) || (d.pawns >= 1 && d.knights >= 1) || (other_bishops >= 1 && d.knights >= 1) ||
             other_bishops >= 2 || d.knights >= 2 || d.pawns >= 2);
}

// Whether the horde (White, material `h`) cannot mate a Black army `d`. The reasoning is
// about the smallest mating nets: the Black king in a corner, hemmed in by its own units,
// and White's few units giving mate. Black's units count as blockers only in the shapes
// that can build such a net.
bool horde_cannot_mate(const Material& h, const Material& d) {
    // Two bishops on one colour already cover every square of that colour around a king;
    // a third adds nothing.
    const int light = h.light_bishops < 2 ? h.light_bishops : 2;
    const int dark = h.dark_bishops < 2 ? h.dark_bishops : 2;
    const int units = h.pawns + h.knights + h.rooks + h.queens + light + dark;
    const bool bishop_pair = h.light_bishops > 0 && h.dark_bishops > 0;
    // Black's bishops on the colour of White's (first) bishop, and on the other colour.
    const bool horde_bishop_light = h.light_bishops > 0;
    const int same_bishops = horde_bishop_light ? d.light_bishops : d.dark_bishops;
    const int other_bishops = horde_bishop_light ? d.dark_bishops : d.light_bishops;
    // Black's units that are not bishops of White's bishop colour (the king included).
    const int not_same_bishops = d.total - same_bishops;

    if (units == 0) return true;
    if (units >= 4) return false;
    // A pawn (it becomes a queen) or a queen, with any helper, mates.
    if ((h.pawns > 0 || h.queens > 0) && units >= 2) return false;
    // A rook with a helper mates, except rook + bishop against a king whose only companions
    // are bishops on that bishop's colour: nothing can block the squares the pair misses.
    if (h.rooks > 0 && units >= 2 && !(units == 2 && h.rooks == 1 && h.bishops == 1 && not_same_bishops == 1)) return false;

    if (units == 1) return one_unit_cannot_mate(h, d, other_bishops);
    if (units == 2) return two_units_cannot_mate(h, d, other_bishops, not_same_bishops);
    // units == 3
    if ((h.knights == 2 && h.bishops == 1) || h.knights == 3 || bishop_pair) return false;
    // Bishops of one colour and a knight: only against a bare king is a mate out of reach.
    return d.total == 1;
}

} // namespace

bool horde_insufficient_material(const position::Position& pos, Color side) {
    if (side == BLACK) return false; // the king's side can always take the whole horde
    return horde_cannot_mate(material_of(pos, WHITE), material_of(pos, BLACK));
}

bool horde_closed_position(const position::Board& board) {
    if (board.variant() != Variant::Horde) return false;
    const position::Position& pos = board.position();
    const Bitboard white = pos.pieces(WHITE);
    if (!white) return false;
    if (pos.side == WHITE) return board.legal_moves().empty();
    // Quick exit: a Black move blocks at most two squares (castling) and removes at most one
    // White unit, so three White pawns that can step forward keep White a move whatever
    // Black plays.
    const Bitboard pushes = (pos.pieces(WHITE, PAWN) << 8) & ~pos.pieces();
    if (popcount(pushes) >= 3) return false;
    const position::MoveList moves = board.legal_moves();
    if (moves.empty()) return false; // checkmate or stalemate of Black
    for (Move m : moves) {
        position::Board after = board;
        after.play(m);
        if (!after.position().pieces(WHITE)) return false; // extinction: Black wins
        if (!after.legal_moves().empty()) return false;
    }
    return true;
}

} // namespace horde::game
