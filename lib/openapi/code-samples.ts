// How a merchant's developer signs a request, verifies the answer and verifies a callback, in the
// four languages the docs show. /docs renders these; a test checks docs/api.md carries each one
// verbatim, so the two never tell different stories.
export type CodeSample = { language: string; title: string; code: string };

export const codeSamples: CodeSample[] = [
  {
    language: "sh",
    title: "curl (with openssl)",
    code: String.raw`b64() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
sign() { printf '%s' "$1" | openssl dgst -sha256 -hmac "$CASHIER_SECRET" -binary | b64; }
# sign a request: the secret is used as the text shown at creation, not decoded
now=$(date +%s)
header=$(printf '{"alg":"HS256","kid":"%s"}' "$CASHIER_KEY_ID" | b64)
claims=$(printf '{"iat":%d,"exp":%d,"data":{"reference":"order-1001"}}' "$now" $((now + 60)) | b64)
token="$header.$claims.$(sign "$header.$claims")"
answer=$(curl -s "$CASHIER_URL/api/status" -H 'content-type: application/json' -d "{\"jwt\":\"$token\"}")
# verify the answer (a callback's body is verified the same way): recompute the signature
jwt=$(printf '%s' "$answer" | sed -E 's/.*"jwt":"([^"]+)".*/\1/')
[ "$(sign "$(printf '%s' "$jwt" | cut -d. -f1,2)")" = "$(printf '%s' "$jwt" | cut -d. -f3)" ] && echo verified`,
  },
  {
    language: "js",
    title: "Node.js (jose)",
    code: `import { SignJWT, jwtVerify } from "jose";

// The secret is used as the UTF-8 text shown at creation, not base64-decoded.
const key = new TextEncoder().encode(process.env.CASHIER_SECRET);

export async function call(path, data) {
  const jwt = await new SignJWT({ data })
    .setProtectedHeader({ alg: "HS256", kid: process.env.CASHIER_KEY_ID })
    .setIssuedAt()
    .setExpirationTime("60s")
    .sign(key);
  const response = await fetch(process.env.CASHIER_URL + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jwt }),
  });
  const body = await response.json();
  // A token the gateway could not accept is an unsigned problem (RFC 9457).
  if (!body.jwt) throw new Error(\`\${body.code}: \${body.detail}\`);
  const { payload } = await jwtVerify(body.jwt, key, { algorithms: ["HS256"], typ: "cashier-response+jwt" });
  return payload; // { code, data }: data.error when refused
}

// The raw body your callback URL received, verified on arrival or later from a queue (exp is 24 h
// after iat). Act once per data.event_id: a retry is a new token with the same event_id.
export async function verifyCallback(body) {
  const { payload } = await jwtVerify(JSON.parse(body).jwt, key, { algorithms: ["HS256"], typ: "cashier-callback+jwt" });
  return payload.data; // { event_id, type, occurred_at, ... }
}`,
  },
  {
    language: "python",
    title: "Python (PyJWT)",
    code: `import json, os, time, urllib.error, urllib.request
import jwt  # PyJWT

KEY_ID, SECRET, BASE_URL = os.environ["CASHIER_KEY_ID"], os.environ["CASHIER_SECRET"], os.environ["CASHIER_URL"]
# SECRET is used as the text shown at creation, not base64-decoded.

def call(path, data):
    now = int(time.time())
    token = jwt.encode({"iat": now, "exp": now + 60, "data": data}, SECRET, algorithm="HS256", headers={"kid": KEY_ID})
    request = urllib.request.Request(BASE_URL + path, data=json.dumps({"jwt": token}).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request) as response:
            body = json.load(response)
    except urllib.error.HTTPError as error:
        body = json.load(error)
    if "jwt" not in body:  # an unsigned problem: the token was not accepted
        raise RuntimeError(f"{body['code']}: {body['detail']}")
    return jwt.decode(body["jwt"], SECRET, algorithms=["HS256"], leeway=30)  # {"code", "data", ...}

def verify_callback(body: bytes):
    # On arrival or later from a queue (exp is 24 h after iat); act once per data["event_id"].
    token = json.loads(body)["jwt"]
    if jwt.get_unverified_header(token).get("typ") != "cashier-callback+jwt":
        raise ValueError("not a callback")
    return jwt.decode(token, SECRET, algorithms=["HS256"], leeway=30)["data"]`,
  },
  {
    language: "php",
    title: "PHP (firebase/php-jwt 6)",
    code: `use Firebase\\JWT\\JWT;
use Firebase\\JWT\\Key;

// The secret is used as the text shown at creation, not base64-decoded.
// An empty data is (object) [], which JSON-encodes as {}.
function cashier_call(string $path, array|object $data): array {
    $now = time();
    $token = JWT::encode(['iat' => $now, 'exp' => $now + 60, 'data' => $data], getenv('CASHIER_SECRET'), 'HS256', getenv('CASHIER_KEY_ID'));
    $context = stream_context_create(['http' => [
        'method' => 'POST',
        'header' => "Content-Type: application/json\\r\\n",
        'content' => json_encode(['jwt' => $token]),
        'ignore_errors' => true,
    ]]);
    $body = json_decode(file_get_contents(getenv('CASHIER_URL') . $path, false, $context), true);
    if (!isset($body['jwt'])) throw new RuntimeException($body['code'] . ': ' . $body['detail']);
    JWT::$leeway = 30;
    return json_decode(json_encode(JWT::decode($body['jwt'], new Key(getenv('CASHIER_SECRET'), 'HS256'))), true);
}

// On arrival or later from a queue (exp is 24 h after iat); act once per data['event_id'].
function cashier_verify_callback(string $body): array {
    $headers = new stdClass();
    $claims = JWT::decode(json_decode($body, true)['jwt'], new Key(getenv('CASHIER_SECRET'), 'HS256'), $headers);
    if (($headers->typ ?? '') !== 'cashier-callback+jwt') throw new UnexpectedValueException('not a callback');
    return json_decode(json_encode($claims->data), true);
}`,
  },
];
