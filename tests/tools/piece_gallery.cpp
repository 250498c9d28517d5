// Writes every image of the piece set (report/pieces.hpp) as its own SVG file, named after
// its symbol id, into the folder given: tests/cli/pieces_render.sh renders and compares them.
#include "horde/report/pieces.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: horde_piece_gallery DIR\n");
        return 2;
    }
    std::filesystem::create_directories(argv[1]);
    for (const horde::report::PieceImage& image : horde::report::all_piece_images()) {
        const auto path = std::filesystem::path(argv[1]) / (horde::report::piece_symbol_id(image) + ".svg");
        std::ofstream out(path, std::ios::binary);
        out << horde::report::piece_image_svg(image);
        if (!out.flush()) {
            std::fprintf(stderr, "horde_piece_gallery: %s: write error\n", path.c_str());
            return 2;
        }
    }
    return 0;
}
