#!/usr/bin/env bash
# Judge a stored relay run (scripts/relay/agent.sh made it) with the lexical judge and with the batched LLM judge
# through a second relay, whose answering model must not be the one that answered the agent:
# starts model-relay.py on PORT with the folder $RELAY_RUNS/<run>/judge/, writes judge-lexical.json and judge-llm.json.
#   bash scripts/relay/judge.sh PORT RUN_ID            e.g. bash scripts/relay/judge.sh 18961 drfa-healthcare_01
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: bash scripts/relay/judge.sh PORT RUN_ID" >&2; exit 2; }
PORT=$1 RUN=$2
HERE=$(cd "$(dirname "$0")/../.." && pwd)
# The relay: RELAY_SCRIPT, else the team's shared tools beside the repository, else /work/shared/tools.
RELAY=${RELAY_SCRIPT:-$HERE/../shared/tools/model-relay.py}
[ -f "$RELAY" ] || RELAY=/work/shared/tools/model-relay.py
# shellcheck source=start-relay.sh
source "$HERE/scripts/relay/start-relay.sh"
ROOT=${RELAY_TASKS:-/work/relay/tasks}
RUNS=${RELAY_RUNS:-/work/relay/runs}
STORE=${RELAY_STORE:-$RUNS/runs.sqlite}
R=$RUNS/$RUN
J=$R/judge
mkdir -p "$J"
cd "$HERE"
bun src/cli/main.ts judge --run "$RUN" --judge lexical --root "$ROOT" --store "$STORE" --json > "$R/judge-lexical.json"
echo $$ > "$J/driver.pid"
start_relay "$PORT" "$J"
# The judge's factuality ranking embeds with the embedder role: the offline one, as the agents' did.
DRFLOW_EMBEDDER_MODEL=hashing DRFLOW_CACHE_PATH=${DRFLOW_CACHE_PATH:-$RUNS/cache.sqlite} \
  bun src/cli/main.ts judge --run "$RUN" --judge "compat:http://127.0.0.1:$PORT/v1#judge-relay?structured=json_schema" \
  --protocol batched --timeout "${RELAY_TIMEOUT:-3600}" --root "$ROOT" --store "$STORE" --json > "$R/judge-llm.json"
echo "judged $RUN: $R/judge-lexical.json, $R/judge-llm.json"
