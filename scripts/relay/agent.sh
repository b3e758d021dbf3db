#!/usr/bin/env bash
# One agent run on one task with a model relay as its model (the lead runs these; see scripts/relay/README.md):
# starts ../shared/tools/model-relay.py on PORT with the folder $RELAY_RUNS/<agent>-<task>/ (the answering model reads
# q/ and writes a/ there), runs `drflow run` against it, stores the run in $RELAY_STORE under the id <agent>-<task>,
# writes report.md and usage.txt beside the relay's files, and stops the relay. driver.pid holds this script's pid: the
# answering model stops when it is gone.
#   bash scripts/relay/agent.sh PORT AGENT TASK        e.g. bash scripts/relay/agent.sh 18951 drfa s8128/healthcare_01
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: bash scripts/relay/agent.sh PORT AGENT TASK" >&2; exit 2; }
PORT=$1 AGENT=$2 TASK=$3
HERE=$(cd "$(dirname "$0")/../.." && pwd)
# The relay: RELAY_SCRIPT, else the team's shared tools beside the repository, else /work/shared/tools.
RELAY=${RELAY_SCRIPT:-$HERE/../shared/tools/model-relay.py}
[ -f "$RELAY" ] || RELAY=/work/shared/tools/model-relay.py
# shellcheck source=start-relay.sh
source "$HERE/scripts/relay/start-relay.sh"
ROOT=${RELAY_TASKS:-/work/relay/tasks}
RUNS=${RELAY_RUNS:-/work/relay/runs}
STORE=${RELAY_STORE:-$RUNS/runs.sqlite}
SPLIT=${RELAY_SPLIT:-mixed}
# drfa:gf=false on s8128/healthcare_01 → drfa-gf-false-healthcare_01
NAME=$(printf '%s-%s' "$AGENT" "${TASK##*/}" | tr ':=,' '---')
R=$RUNS/$NAME
mkdir -p "$R"
echo $$ > "$R/driver.pid"
# The relay holds a request until it is answered (50 min): the client waits instead of retrying.
start_relay "$PORT" "$R"
cd "$HERE"
# The offline embedder for every run alike (the relay's embeddings are a bag of words too); the cache in the runs
# folder, so a finished run replays (DRFLOW_CACHE=replay) without asking the relay again.
DRFLOW_EMBEDDER_MODEL=hashing DRFLOW_CACHE_PATH=${DRFLOW_CACHE_PATH:-$RUNS/cache.sqlite} \
  bun src/cli/main.ts run --agent "$AGENT" --task "$TASK" --split "$SPLIT" \
  --model "compat:http://127.0.0.1:$PORT/v1#relay?structured=json_schema" --timeout "${RELAY_TIMEOUT:-3600}" \
  --root "$ROOT" --store "$STORE" --run-id "$NAME" --quiet --out "$R/report.md" 2> >(tee "$R/run.log" >&2)
bun src/cli/main.ts usage --run "$NAME" --by stage --store "$STORE" > "$R/usage.txt"
cat "$R/usage.txt"
