"""What a merchant's code does with the installed cashier_client, run by e2e/clients.spec.ts with
Debian's python3 and python3-jwt against the running gateway: the steps of node-scenario.mts, and
one JSON report the spec holds to the same expectations."""

import http.server
import json
import os
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any

from cashier_client import CashierError, Client

URL, KEY_ID, SECRET = os.environ["CASHIER_URL"], os.environ["CASHIER_KEY_ID"], os.environ["CASHIER_SECRET"]
REFERENCE = os.environ["REFERENCE"]
cashier = Client(URL, KEY_ID, SECRET)
report: dict[str, Any] = {}


def step(name: str, value: Any) -> None:
    report[name] = value
    print(f"{name}: {json.dumps(value)}", file=sys.stderr)


received: list[tuple[dict[str, Any], bytes]] = []


class CallbackEndpoint(http.server.BaseHTTPRequestHandler):
    """The merchant's callback endpoint: each body verified as it arrives, 401 when it does not verify."""

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            received.append((dict(cashier.verify_callback(body)), body))
            self.send_response(200)
        except CashierError:
            self.send_response(401)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(os.environ["CALLBACK_PORT"])), CallbackEndpoint)
threading.Thread(target=server.serve_forever, daemon=True).start()


def callback_of(event_id: str, times: int = 1) -> tuple[dict[str, Any], bytes]:
    """The callback of this event once it has come `times` times (a resend brings it again)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        callbacks = [callback for callback in received if callback[0]["event_id"] == event_id]
        if len(callbacks) >= times:
            return callbacks[0]
        time.sleep(0.1)
    raise TimeoutError(f"no callback {event_id} within 20 s")


def refusal_of(call: Any) -> dict[str, Any]:
    try:
        call()
    except CashierError as error:
        fields = [field["path"] for field in error.fields]
        return {"status": error.status, "type": error.type, "fields": fields, "has_cause": error.__cause__ is not None}
    raise AssertionError("expected a CashierError")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


# The fields every operation's data shares, as the spec hands them.
customer = json.loads(os.environ["CUSTOMER"])

try:
    order = {**customer, "amount": "10.50", "reference": f"{REFERENCE}-pix"}
    deposit = cashier.pix(order)
    step("created", {
        "replayed": deposit["replayed"],
        "is_deposit": deposit["id"].startswith("dep_"),
        "amount": deposit["amount"],
        "status": deposit["status"],
    })
    again = cashier.pix(order)
    step("replayed", {"replayed": again["replayed"], "same_deposit": again["id"] == deposit["id"]})
    step("status", {"status": cashier.status({"id": deposit["id"]})["status"]})

    simulated = cashier.sandbox.simulate({"id": deposit["id"], "outcome": "paid"})
    step("simulated", {"status": simulated["status"]})
    paid, paid_body = callback_of(simulated["event_id"])
    step("callback", {
        "type": paid["type"],
        "same_deposit": paid.get("id") == deposit["id"],
        "status": paid.get("status"),
        "amount": paid.get("amount"),
    })
    tested = cashier.callbacks.test()
    step("test_callback", {"delivered": tested["delivered"], "type": callback_of(tested["event_id"])[0]["type"]})

    refund = cashier.refunds.create({"id": deposit["id"], "amount": "5.00"})
    refund_again = cashier.refunds.create({"id": deposit["id"], "amount": "5.00"})
    step("refund", {
        "replayed": refund["replayed"],
        "status": refund["status"],
        "replay": {"replayed": refund_again["replayed"], "same_refund": refund_again["id"] == refund["id"]},
    })
    payout = cashier.gateway_out({
        **customer, "amount": "1.00", "reference": f"{REFERENCE}-out", "paymentMethod": "pix", "pix_key": "52998224725",
    })
    payout_status = cashier.status({"transfer_id": payout["transfer_id"]})
    step("payout", {"replayed": payout["replayed"], "status": payout_status["status"], "amount": payout_status["amount"]})
    initiation = cashier.payment_initiation({
        **customer,
        "amount": "20,00",
        "reference": f"{REFERENCE}-pi",
        "successRedirectUrl": "https://shop.example.com/paid",
        "failedRedirectUrl": "https://shop.example.com/failed",
    })
    step("payment_initiation", {
        "replayed": initiation["replayed"],
        "hosted": "/pay/" in initiation["paymentInitiationUrl"],
        "amount": initiation["amount"],
    })
    balance = cashier.balance()
    step("balance", {"mode": balance["mode"], "currency": balance["currency"]})
    listed = cashier.transactions.list({"reference": f"{REFERENCE}-pix"})
    step("transactions", {"types": sorted(t["type"] for t in listed["transactions"])})
    events = cashier.events.list({"transaction_id": deposit["id"]})
    paid_delivered = any(e["event_id"] == simulated["event_id"] and e["status"] == "delivered" for e in events["events"])
    step("events", {"paid_delivered": paid_delivered})
    cashier.events.resend({"event_id": simulated["event_id"]})
    step("resent", {"received_again": callback_of(simulated["event_id"], 2)[0]["type"]})

    # The payer contests the paid deposit (MED): a dispute that holds what the refund left of it.
    disputed = cashier.sandbox.simulate({"id": deposit["id"], "outcome": "disputed"})
    disputes = cashier.disputes.list({"deposit_id": deposit["id"]})
    opened = callback_of(disputed["event_id"])[0]
    answer = {
        "id": disputed["dispute_id"],
        "decision": "contest",
        "justification": "The order was delivered to the payer's address; the signed receipt is on file.",
    }
    answered = cashier.disputes.respond(answer)
    step("dispute", {
        "listed": [
            {"same_dispute": d["id"] == disputed["dispute_id"], "status": d["status"], "held": d["held"]}
            for d in disputes["disputes"]
        ],
        "opened": {"type": opened["type"], "status": opened.get("status")},
        "answered": {"status": answered["status"], "decision": answered["decision"], "held": answered["held"]},
    })
    step("dispute_again", refusal_of(lambda: cashier.disputes.respond(answer)))

    try:
        urllib.request.build_opener(NoRedirect).open(cashier.gateway_in_url({**customer, "reference": f"{REFERENCE}-in"}))
        raise AssertionError("Gateway In did not redirect")
    except urllib.error.HTTPError as link:
        step("gateway_in", {"http_status": link.code, "to_payment": "/pay/" in link.headers.get("location", "")})

    step("refused", refusal_of(lambda: cashier.gateway_out(
        {**customer, "amount": "1", "reference": f"{REFERENCE}-bad", "paymentMethod": "bradesco"})))
    step("wrong_secret", refusal_of(lambda: Client(URL, KEY_ID, "not-the-secret").status({"id": deposit["id"]})))
    step("not_json", refusal_of(lambda: Client(os.environ["HTML_URL"], KEY_ID, SECRET).status({"id": deposit["id"]})))
    step("unreachable", refusal_of(lambda: Client("http://127.0.0.1:1", KEY_ID, SECRET).status({"id": deposit["id"]})))
    forged = re.sub(rb'\.[\w-]+"', b'.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"', paid_body, count=1)
    step("forged_callback", refusal_of(lambda: cashier.verify_callback(forged)))
finally:
    server.shutdown()
print(json.dumps(report))
