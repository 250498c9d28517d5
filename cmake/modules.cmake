# The library's modules, bottom first, and the modules each one links: the build's own copy of
# docs/ARCHITECTURE.md's module table ("links" column; tests/layering/check_layers.sh compares
# the two). A module may include the headers of the modules it links and of theirs, no others:
# each module target sees only those include directories (lib/CMakeLists.txt), so an #include
# of any other module is not found and the file does not build.
set(HORDE_MODULES core io out position notation pgn game select tree db perft engine report run serve)
set(HORDE_LINKS_core)
set(HORDE_LINKS_io)
set(HORDE_LINKS_out)
set(HORDE_LINKS_position core)
set(HORDE_LINKS_notation core position)
set(HORDE_LINKS_pgn core io)
set(HORDE_LINKS_game core notation pgn position)
set(HORDE_LINKS_select core game)
set(HORDE_LINKS_tree core game notation pgn position)
set(HORDE_LINKS_db core game notation position tree)
set(HORDE_LINKS_perft core out position)
set(HORDE_LINKS_engine core notation perft)
set(HORDE_LINKS_report core db game notation out pgn position select tree)
set(HORDE_LINKS_run db game pgn report tree)
set(HORDE_LINKS_serve core db position report)

# The modules each tool links (with those they link); tools/CMakeLists.txt adds tools/common's
# pieces: tools-common (cli, exit, fen, input, log, output, progress) for every tool,
# tools-common-games (loops, where) for the tools that read games.
set(HORDE_ALL_TOOLS horde-perft horde-check horde-list horde-replay horde-tree horde-db)
set(HORDE_TOOL_LINKS_horde-perft core engine io notation out perft position)
set(HORDE_TOOL_LINKS_horde-check game report run)
set(HORDE_TOOL_LINKS_horde-list game report run)
set(HORDE_TOOL_LINKS_horde-replay core game io notation pgn position report run)
set(HORDE_TOOL_LINKS_horde-tree game notation position report run tree)
set(HORDE_TOOL_LINKS_horde-db db game report run serve)
set(HORDE_TOOL_COMMON core io out position)
set(HORDE_TOOL_COMMON_GAMES game io pgn select)

# out: the modules of `modules` and every module they link, in HORDE_MODULES order.
function(horde_module_closure out)
  set(pending ${ARGN})
  set(seen)
  while(pending)
    list(POP_FRONT pending module)
    if(NOT module IN_LIST HORDE_MODULES)
      message(FATAL_ERROR "horde: '${module}' is not a module of cmake/modules.cmake")
    endif()
    if(NOT module IN_LIST seen)
      list(APPEND seen ${module})
      list(APPEND pending ${HORDE_LINKS_${module}})
    endif()
  endwhile()
  set(ordered)
  foreach(module IN LISTS HORDE_MODULES)
    if(module IN_LIST seen)
      list(APPEND ordered ${module})
    endif()
  endforeach()
  set(${out} ${ordered} PARENT_SCOPE)
endfunction()
