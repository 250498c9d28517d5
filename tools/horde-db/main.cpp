// horde-db (serve only, until the database's own commands are merged): the command line, the run.
#include "exit.hpp"
#include "cli.hpp"
#include "serve.hpp"

int main(int argc, char** argv) {
    try {
        CLI::App app{"horde-db: a database of games for an opening explorer"};
        app.set_version_flag("--version", horde::tools::version_line("horde-db"));
        app.require_subcommand(1);
        horde::tools::db_tool::ServeMode serve;
        horde::tools::db_tool::add_serve_command(app, serve);
        horde::tools::parse_command_line(app, argc, argv);
        return horde::tools::db_tool::run_serve(serve);
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-db", exit);
    }
}
