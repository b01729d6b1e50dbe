# Shared helpers for the tools/ scripts. Source it; do not run it.
# Sets REPO (absolute repo root), exports NODE_PATH for Debian's Emscripten,
# and provides say/die/as_root/have.

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export REPO
# Debian's Emscripten finds its JS optimiser's packages (acorn) only here.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
# Two cores shared by several people: never build wider than this.
LLMB_JOBS="${LLMB_JOBS:-2}"

say() { printf '[%s] %s\n' "$(basename "$0")" "$*"; }
die() { printf '[%s] error: %s\n' "$(basename "$0")" "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

# Runs a command as root: directly when we are root, else through sudo if present.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif have sudo; then
    sudo "$@"
  else
    die "need root to run: $* (no sudo on this machine)"
  fi
}
