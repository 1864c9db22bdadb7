# Shell helpers the journeys source after starting the platform; they expect B (the base URL) and, for S,
# J (the journey's folder, where SEED_OUT wrote the seed).

# A command failing inside $(...) fails the session too (when it runs under set -e, as the tests run it).
shopt -s inherit_errexit

# S NAME: a seeded id or key (S apiKey, S testWalletAssetId).
S() { node -p "require('$J/seed.json').$1"; }

# call METHOD PATH CREDENTIAL [JSON]: one API call; prints the response body, or on an error status says
# which call failed with the body and stops the session. The credential is an API key, or a user's access
# token (it has dots), or empty for public routes; ACT_IN=<accountId> makes a user act in one of their org
# accounts.
call() {
  local method=$1 path=$2 credential=$3 body
  shift 3
  local auth=(-H "x-api-key: $credential")
  [[ $credential == *.* ]] && auth=(-H "authorization: Bearer $credential")
  [ -z "$credential" ] && auth=()
  if ! body=$(curl -sS --fail-with-body -X "$method" "$B$path" "${auth[@]}" ${ACT_IN:+-H "x-account: $ACT_IN"} \
    ${1:+-H 'content-type: application/json' -d "$1"}); then
    echo "$method $path failed: $body" >&2
    return 1
  fi
  echo "$body"
}

# refused CODE METHOD PATH CREDENTIAL [JSON]: a call that must fail with the error CODE; anything else
# (success included) stops the session.
refused() {
  local code=$1 answer
  shift
  if answer=$(call "$@" 2>&1); then echo "FAILED: $2 succeeded, expected $code: $answer" >&2; return 1; fi
  check "$1 $2" "$(echo "${answer#*failed: }" | get message)" "$code"
}

# get FIELD: a field of the JSON read from stdin (get id, get 'items[0].id', get '[0].id'); a missing one
# stops the session.
get() {
  node -e 'const path = process.argv[1];
    const json = JSON.parse(require("fs").readFileSync(0));
    const value = new Function("json", `return json${path.startsWith("[") ? "" : "."}${path}`)(json);
    if (value === undefined) { console.error(`no ${path} in the answer`); process.exit(1); }
    console.log(typeof value === "string" ? value : JSON.stringify(value));' "$1"
}

# balance ASSET_ID CREDENTIAL: an asset's balance, in cents.
balance() { call GET "/api/assets/$1" "$2" | get balance; }

# admin COMMAND [FLAGS]: `npm run admin` against this platform, its JSON answer on one line.
admin() { npm run -s admin -- "$@" --json; }

# inbox_link ADDRESS: the first link of the newest email or text message the local inbox holds for ADDRESS
# (`npm run admin -- inbox --to ADDRESS`); notifications go out in the background, so it waits (a minute at
# most) for one to arrive.
inbox_link() {
  local link
  for _ in $(seq 60); do
    link=$(admin inbox --to "$1" | get 'messages[0]?.links[0] ?? ""')
    [ -n "$link" ] && { echo "$link"; return 0; }
    sleep 1
  done
  echo "FAILED: no message with a link reached $1" >&2
  return 1
}

# check WHAT ACTUAL EXPECTED: says ok, or says what differs and stops the session (a non-zero exit).
check() {
  if [ "$2" = "$3" ]; then echo "ok: $1 = $3"; else echo "FAILED: $1 is $2, expected $3" >&2; return 1; fi
}

# until_equal WHAT EXPECTED COMMAND...: runs COMMAND each second until it prints EXPECTED (background work:
# batches, webhooks); gives up after a minute.
until_equal() {
  local what=$1 expected=$2 actual
  shift 2
  for _ in $(seq 60); do
    actual=$("$@") && [ "$actual" = "$expected" ] && { echo "ok: $what = $expected"; return 0; }
    sleep 1
  done
  echo "FAILED: $what is $actual, expected $expected" >&2
  return 1
}
