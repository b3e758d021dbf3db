# Sourced by agent.sh and judge.sh: start_relay PORT FOLDER starts ../shared/tools/model-relay.py ($RELAY) on PORT
# with FOLDER, waits until it answers, and stops it when the calling script exits. A port something already answers
# on is refused: the run would otherwise talk to that server (another relay, another run's answering model).
start_relay() {
  local port=$1 folder=$2
  if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
    echo "$(basename "$0"): port $port is in use (another relay or server answers there); pick another port" >&2
    exit 2
  fi
  RELAY_HOLD=${RELAY_HOLD:-3000} python3 "$RELAY" "$port" "$folder" & RELAY_PID=$!
  trap 'kill $RELAY_PID 2>/dev/null || true' EXIT
  for _ in $(seq 50); do curl -s "http://127.0.0.1:$port/_count" >/dev/null && break; sleep 0.1; done
  if ! kill -0 "$RELAY_PID" 2>/dev/null || ! curl -s -o /dev/null "http://127.0.0.1:$port/_count"; then
    echo "$(basename "$0"): the relay did not start on port $port" >&2
    exit 2
  fi
}
