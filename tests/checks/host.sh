# shellcheck shell=bash
# make check, job 1: the host checks of the tree: lint of every shell
# script and Python program. Sourced by tests/check.sh.

stage_begin "host checks"
# every tracked shell script (by name or by its #! line), and the Python
mapfile -t tracked < <(git ls-files)
shell_scripts=() python_programs=()
for f in "${tracked[@]}"; do
	case $f in
	*.py) python_programs+=("$f") ;;
	*.sh) shell_scripts+=("$f") ;;
	*.patch | *.md | *.c | *.h | *.config | *.in) ;;
	*) head -n 1 "$f" | grep -qE '^#!/(usr/)?bin/(env )?(ba)?sh' && shell_scripts+=("$f") ;;
	esac
done
for f in "${shell_scripts[@]}"; do
	host_check "shellcheck: $f" shellcheck -x "$f"
done
for f in "${python_programs[@]}"; do
	host_check "pyflakes3: $f" pyflakes3 "$f"
done
stage_end

