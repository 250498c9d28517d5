// The unit tests' main: Catch2's, except that a run whose filter matches no test case fails
// (Catch2 v2 passes it by default), so that a mistyped tag or name checks nothing loudly.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

int main(int argc, char* argv[]) {
    Catch::Session session;
    session.configData().warnings = Catch::WarnAbout::NoTests;
    if (const int status = session.applyCommandLine(argc, argv); status != 0) return status;
    return session.run();
}
