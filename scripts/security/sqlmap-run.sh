#!/bin/bash
# Usage: bash scripts/security/sqlmap-run.sh   (needs Debian sqlmap; the app is started on a scratch DATA_DIR)
# ONLY_CREATE=1 runs the data-API create target alone. Traffic: /tmp/sqlmap-traffic-*.txt
# Starts the app on a scratch data dir (demo data) at port 4711, makes an API key with every scope,
# and runs sqlmap (level 3, risk 2) against the data API's query and create and the CRM gateway's
# registry query and search.
set -u
cd /work/main
D=$(mktemp -d)
PORT=4711 DATA_DIR=$D LOG_LEVEL=warn npx tsx src/server/main.ts > /tmp/sqlmap-app.log 2>&1 &
APP=$!
for i in $(seq 1 60); do curl -sf http://127.0.0.1:4711/healthz >/dev/null && break; sleep 1; done
J=$(mktemp)
curl -s -c $J -H 'content-type: application/json' -H 'origin: http://localhost:4711' \
  -d '{"username":"admin@acme.test","password":"demo-admin-2026"}' http://127.0.0.1:4711/auth/login >/dev/null
KEY=$(curl -s -b $J -H 'content-type: application/json' -H 'origin: http://localhost:4711' \
  -d '{"name":"sqlmap-'$RANDOM'","scopes":["data:read","data:write","ledger:read","ledger:write","gateway"]}' \
  http://127.0.0.1:4711/api/v1/api-keys | python3 -c 'import json,sys;print(json.load(sys.stdin)["key"])')
COOKIE=$(awk '/registry.session_token/ {print $6"="$7}' $J)
echo "key ${KEY:0:12}… cookie ${COOKIE:0:30}…"
run() {
  echo "=== sqlmap $1 $2"
  sqlmap -u "http://127.0.0.1:4711$1" --method POST --data "$2" --cookie "$COOKIE" -H 'origin: http://localhost:4711' -t /tmp/sqlmap-traffic-$(echo $1 | tr / _).txt \
    -H 'content-type: application/json' --batch --level 3 --risk 2 --flush-session \
    --output-dir=/tmp/sqlmap-out 2>&1 | grep -E "injectable|not injectable|all tested|CRITICAL|WARNING.*(heuristic|parameter)|vulnerable" | head -20
}
[ -n "${ONLY_CREATE:-}" ] || run /api/v1/mysql/query '{"entity":"contacts","fields":["first_name"],"filters":{"last_name":"Smith*"},"orderBy":"last_name*"}'
TENANT=$(curl -s -H "X-API-Key: $KEY" 'http://127.0.0.1:4711/api/v1/mysql/tenants' | python3 -c 'import json,sys;d=json.load(sys.stdin);r=d if isinstance(d,list) else d.get("data") or d.get("rows");print(r[0]["id"])')
echo "tenant $TENANT"
run /api/v1/mysql/create/contacts '{"tenant_id":"'$TENANT'","first_name":"A*","last_name":"B*","email":"x*@example.test"}'
[ -n "${ONLY_CREATE:-}" ] || run /api/v1/registry/query '{"objectName":"Shareholder__c*","fields":"Id,Name*","filter":"Name=x*","orderBy":"Name*"}'
[ -n "${ONLY_CREATE:-}" ] || run /api/v1/registry/search '{"searchTerm":"ali*"}'
pkill -f "src/server/main.ts"
