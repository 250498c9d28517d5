#!/usr/bin/env bash
# A stand-in for ssh that runs the remote command on this machine, in the folder $FAKE_SSH_ROOT/HOST
# (HOME there too), as ssh would run it in the host's home: GNU parallel's --sshlogin recipes
# (sending files, running the jobs, returning and cleaning up, all through rsync over this
# "ssh") run here without an ssh server. Usage as ssh: fake_ssh.sh [OPTIONS] HOST [COMMAND...]
set -u
while [ $# -gt 0 ]; do
    case $1 in
        -[bcDEeFIiJLlmOoPpQRSWw]) shift 2 ;;  # an option with an argument
        --) shift; break ;;
        -*) shift ;;
        *) break ;;
    esac
done
host=${1:?fake_ssh.sh: no host}
shift
[ "${1-}" = -- ] && shift  # OpenSSH reads options after the host too, up to a --
root=${FAKE_SSH_ROOT:?fake_ssh.sh: FAKE_SSH_ROOT is not set}/$host
mkdir -p "$root"
cd "$root" || exit 255
# sshd sets HOME and SHELL (the user's login shell) for the command; GNU parallel's remote
# wrapper execs $SHELL, so a caller without SHELL in its environment (CI) must not leave it unset.
HOME=$root SHELL=$(command -v bash) exec bash -c "$*"
