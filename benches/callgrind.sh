# Counting instructions under callgrind, for instructions.sh and rbg2cpp.sh
# (sourced). Each function fails, saying why, rather than give a number it
# did not measure.

# Instructions that COMMAND executes, as callgrind counts them.
count() {
  local out n
  if ! out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1); then
    printf 'error: `%s` failed under valgrind:\n%s\n' "$*" "$(tail -n 5 <<<"$out")" >&2
    return 1
  fi
  n=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<<"$out")
  if [[ ! $n =~ ^[0-9]+$ ]]; then
    printf 'error: valgrind gave no count for `%s`\n' "$*" >&2
    return 1
  fi
  echo "$n"
}

# Instructions a run: (ALL - NONE) / RUNS, where ALL counts RUNS runs and
# NONE the set-up alone.
per_run() {
  local all=$1 none=$2 runs=$3
  if ((all <= none)); then
    echo "error: $runs runs counted $all instructions, no more than none ($none)" >&2
    return 1
  fi
  echo $(((all - none) / runs))
}
