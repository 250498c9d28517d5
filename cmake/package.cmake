# The Debian package: `cmake --build build --target package` (cpack -G DEB) makes
# horde_<version>_amd64.deb from a portable build (-DHORDE_PORTABLE=ON: a -march=native
# binary dies with SIGILL on another CPU, so a native build has no `package` target). It
# holds the five tools, their man pages (gzipped), the bash/zsh/fish completions in Debian's
# places, README.md, docs/ and the licence (copyright) under /usr/share/doc/horde; the
# dependencies come from dpkg-shlibdeps. The version is project(VERSION).
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The user guide, FAQ and rules beside it (the README links to them), with the pictures.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.svg")
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)

if(NOT HORDE_PORTABLE)
  add_custom_target(package
    COMMAND ${CMAKE_COMMAND} -E echo "The Debian package needs a portable build: configure a build tree with -DHORDE_PORTABLE=ON"
    COMMAND ${CMAKE_COMMAND} -E false)
  return()
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME horde)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The horde authors")
set(CPACK_PACKAGE_CONTACT "The horde authors <horde@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Horde, Orda and chess tools: perft, PGN checker, lister, replayer, opening trees, position database")
# One string (string(CONCAT)): set() with several would join them by ';', which the control file showed.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "horde-perft counts perft, horde-check validates and adjudicates PGN games, horde-list lists\n"
    "their positions, horde-replay replays them as boards, SVG or HTML replay pages, and\n"
    "horde-tree builds opening trees, EPD opening suites, explorer pages and Polyglot books from\n"
    "them, and horde-db keeps a position database of them on RocksDB (lichess's opening explorer\n"
    "JSON, every game that reached a position), for Horde chess, Orda chess, chess and Chess960.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # horde_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR})
include(CPack)
