"""A check of an opening explorer answer against lichess's public specification
(lichess-org/api doc/specs/schemas/OpeningExplorerLichess.yaml, OpeningExplorerLichessGame.yaml,
OpeningExplorerGamePlayer.yaml, OpeningExplorerOpening.yaml, Speed.yaml; summarised in
docs/horde-db-serve.md): required keys, types, enums, and the limits of the query that asked.
Returns the list of what is wrong (empty: the answer follows the specification)."""

SPEEDS = {"ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"}
MODES = {"rated", "casual"}


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _number(errors, where, obj, key):
    if key not in obj:
        errors.append(f"{where}: no '{key}'")
    elif not _is_int(obj[key]) or obj[key] < 0:
        errors.append(f"{where}.{key}: {obj[key]!r} is not a count")


def _opening(errors, where, value):
    if value is None:
        return
    if not isinstance(value, dict):
        errors.append(f"{where}: {value!r} is neither an opening object nor null")
        return
    for key in ("eco", "name"):
        if not isinstance(value.get(key), str):
            errors.append(f"{where}.{key}: not a string")


def _player(errors, where, value):
    if not isinstance(value, dict):
        errors.append(f"{where}: not an object")
        return
    if not isinstance(value.get("name"), str):
        errors.append(f"{where}.name: not a string")
    if not _is_int(value.get("rating")):
        errors.append(f"{where}.rating: {value.get('rating')!r} is not an integer")


def check_game(errors, where, game, with_uci):
    """OpeningExplorerLichessGame (required id, winner, speed, white, black, year, month), with
    the row's uci in topGames/recentGames."""
    if not isinstance(game, dict):
        errors.append(f"{where}: not an object")
        return
    if with_uci and not isinstance(game.get("uci"), str):
        errors.append(f"{where}.uci: not a string")
    if not isinstance(game.get("id"), str) or not game.get("id"):
        errors.append(f"{where}.id: not a non-empty string")
    if "winner" not in game or game["winner"] not in ("white", "black", None):
        errors.append(f"{where}.winner: {game.get('winner')!r} is not white, black or null")
    if game.get("speed") not in SPEEDS:
        errors.append(f"{where}.speed: {game.get('speed')!r} is not a Speed")
    if "mode" in game and game["mode"] not in MODES:
        errors.append(f"{where}.mode: {game['mode']!r} is not rated or casual")
    _player(errors, f"{where}.white", game.get("white"))
    _player(errors, f"{where}.black", game.get("black"))
    if not _is_int(game.get("year")):
        errors.append(f"{where}.year: not an integer")
    month = game.get("month", "missing")
    if month is not None and not (isinstance(month, str) and len(month) == 7 and month[4] == "-"):
        errors.append(f"{where}.month: {month!r} is not YYYY-MM or null")
    elif isinstance(month, str) and _is_int(game.get("year")) and month[:4] != f"{game['year']:04d}":
        errors.append(f"{where}: month {month} is not in year {game['year']}")


def check_answer(answer, limits=None):
    """`limits`: {"moves": n, "topGames": n, "recentGames": n} of the query (the defaults when
    not given: 12, 4, 4)."""
    limits = {"moves": 12, "topGames": 4, "recentGames": 4, **(limits or {})}
    errors = []
    if not isinstance(answer, dict):
        return ["the answer is not an object"]
    for key in ("opening", "white", "draws", "black", "moves", "topGames", "recentGames"):
        if key not in answer:
            errors.append(f"no '{key}'")
    for key in ("white", "draws", "black"):
        _number(errors, "answer", answer, key)
    _opening(errors, "opening", answer.get("opening"))
    moves = answer.get("moves", [])
    if not isinstance(moves, list):
        return errors + ["moves: not an array"]
    if len(moves) > limits["moves"]:
        errors.append(f"moves: {len(moves)} rows, more than moves={limits['moves']}")
    for i, m in enumerate(moves):
        where = f"moves[{i}]"
        for key in ("uci", "san"):
            if not isinstance(m.get(key), str) or not m.get(key):
                errors.append(f"{where}.{key}: not a non-empty string")
        for key in ("averageRating", "white", "draws", "black"):
            _number(errors, where, m, key)
        if "game" not in m:
            errors.append(f"{where}: no 'game'")
        elif m["game"] is not None:
            check_game(errors, f"{where}.game", m["game"], False)
        if "opening" not in m:
            errors.append(f"{where}: no 'opening'")
        _opening(errors, f"{where}.opening", m.get("opening"))
    if all(_is_int(answer.get(k)) for k in ("white", "draws", "black")):
        total = answer["white"] + answer["draws"] + answer["black"]
        played = sum(m.get("white", 0) + m.get("draws", 0) + m.get("black", 0) for m in moves)
        if played > total:
            errors.append(f"the moves' games ({played}) are more than the position's ({total})")
    for key in ("topGames", "recentGames"):
        rows = answer.get(key, [])
        if not isinstance(rows, list):
            errors.append(f"{key}: not an array")
            continue
        if len(rows) > limits[key]:
            errors.append(f"{key}: {len(rows)} rows, more than {key}={limits[key]}")
        for i, g in enumerate(rows):
            check_game(errors, f"{key}[{i}]", g, True)
    if "history" in answer:  # history=true: [{month, white, draws, black}], month after month
        history = answer["history"]
        if not isinstance(history, list):
            return errors + ["history: not an array"]
        previous = None
        for i, segment in enumerate(history):
            month = segment.get("month") if isinstance(segment, dict) else None
            if not (isinstance(month, str) and len(month) == 7 and month[4] == "-"):
                errors.append(f"history[{i}].month: {month!r} is not YYYY-MM")
                continue
            for key in ("white", "draws", "black"):
                _number(errors, f"history[{i}]", segment, key)
            year, number = int(month[:4]), int(month[5:])
            if previous and (year, number) != ((previous[0] + 1, 1) if previous[1] == 12 else (previous[0], previous[1] + 1)):
                errors.append(f"history[{i}]: {month} does not follow {previous[0]:04d}-{previous[1]:02d}")
            previous = (year, number)
    return errors
