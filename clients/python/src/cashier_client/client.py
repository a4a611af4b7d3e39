"""The Python client of the Cashier API: signs each request with PyJWT, verifies each answer and
callback with the same key, and raises every failure (a refusal, an answer that is not the
gateway's, no answer at all) as CashierError. The standard library does the HTTP."""

from __future__ import annotations

import http.client
import json
import math
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any, cast

import jwt

from .api_types import (
    AMOUNT_FIELDS,
    BalanceResponse,
    CallbackData,
    CallbacksTestResponse,
    DisputesRequest,
    DisputesRespondRequest,
    DisputesRespondResponse,
    DisputesResponse,
    ErrorDataErrorFieldsItem as FieldError,
    EventsRequest,
    EventsResendRequest,
    EventsResendResponse,
    EventsResponse,
    GatewayInData,
    GatewayOutCreated,
    GatewayOutRequest,
    PaymentInitiationCreated,
    PaymentInitiationRequest,
    PixCreated,
    PixRequest,
    RefundCreated,
    RefundRequest,
    SandboxSimulateResponse,
    SandboxSimulateRequest,
    StatusResponse,
    StatusRequest,
    TransactionsRequest,
    TransactionsResponse,
)

# The gateway accepts clocks 30 s apart: the client allows the same 30 s either way on the answers
# (signed for 60 s) and the callbacks (signed for a day) it verifies.
CLOCK_TOLERANCE_SECONDS = 30
REQUEST_LIFETIME_SECONDS = 60
RESPONSE_TYPE = "cashier-response+jwt"
CALLBACK_TYPE = "cashier-callback+jwt"


class CashierError(Exception):
    """Every failure of a call.

    A refusal: ``type`` is the gateway's error code (the table at /docs), ``status`` its HTTP
    status and ``fields`` each invalid field and why. Or one of the client's own types:
    ``network_error`` (no answer; ``status`` 0), ``invalid_response`` (an answer that is not the
    gateway's, e.g. a proxy's HTML page; ``status`` is its HTTP status) and ``invalid_callback``
    (a callback body that does not verify; ``status`` 0). The underlying error is ``__cause__``.
    """

    def __init__(self, status: int, type: str, detail: str, fields: list[FieldError] | None = None) -> None:
        super().__init__(f"{type}: {detail}")
        self.status = status
        self.type = type
        self.detail = detail
        self.fields: list[FieldError] = fields or []


_DECIMAL_AMOUNT = re.compile(r"(-?)(\d+)(?:[.,](\d{1,2}))?")


def to_decimal_amount(amount: object) -> str | None:
    """An amount in any of the API's forms as "10.50": 10.5, 10, "10.5", "10,50" and "10" give
    "10.50", "10.50", "10.50", "10.50" and "10.00"; None when it is none of them."""
    if isinstance(amount, bool):
        return None
    if isinstance(amount, int):
        return f"{amount}.00"
    if isinstance(amount, float):
        if not math.isfinite(amount):
            return None
        # Centavos are exact in a float far beyond any amount (2**53 of them), so rounding to two
        # decimals gives back the decimal the gateway wrote.
        decimal = f"{amount:.2f}"
        return "0.00" if decimal == "-0.00" else decimal
    if not isinstance(amount, str):
        return None
    parts = _DECIMAL_AMOUNT.fullmatch(amount)
    return parts and f"{parts[1]}{parts[2]}.{(parts[3] or '').ljust(2, '0')}"


def _with_decimal_amounts(value: Any) -> Any:
    """An answer's or a callback's data with every amount as "10.50", wherever it sits (a list's
    rows, an event's payload): one form to compare and add up, whatever the operation answered
    (Pix a number, Payment Initiation a decimal comma). Anything else is left as it came."""
    if isinstance(value, list):
        return [_with_decimal_amounts(item) for item in value]
    if not isinstance(value, dict):
        return value
    return {
        key: (to_decimal_amount(item) or item) if key in AMOUNT_FIELDS else _with_decimal_amounts(item)
        for key, item in value.items()
    }


def _reason_of(error: BaseException) -> str:
    # urllib wraps the socket's error (refused, a DNS failure) in a URLError's reason.
    return str(getattr(error, "reason", None) or error)


def _problem_error(status: int, body: Mapping[str, Any]) -> CashierError | None:
    """An unsigned answer: the gateway's problem+json (RFC 9457) when it could not accept the token."""
    detail = body.get("detail")
    if not isinstance(detail, str):
        return None
    # `code` is the error code; a problem without one names it at the end of its `type` link.
    code = body.get("code")
    if not isinstance(code, str):
        code = str(body.get("type", "")).replace("#", "/").rsplit("/", 1)[-1]
    return CashierError(status, code, detail) if code else None


class Client:
    """``Client(base_url, key_id, secret)``: the secret is the text shown once when the key was
    created, used as UTF-8 (never base64-decoded). ``timeout`` is in seconds."""

    def __init__(self, base_url: str, key_id: str, secret: str, timeout: float = 30.0) -> None:
        self._base_url = base_url.rstrip("/")
        self._key_id = key_id
        self._secret = secret
        self._timeout = timeout
        self.refunds = _Refunds(self)
        self.sandbox = _Sandbox(self)
        self.callbacks = _Callbacks(self)
        self.transactions = _Transactions(self)
        self.events = _Events(self)
        self.disputes = _Disputes(self)

    def _sign(self, data: Mapping[str, Any]) -> str:
        now = int(time.time())
        claims = {"iat": now, "exp": now + REQUEST_LIFETIME_SECONDS, "data": dict(data)}
        return jwt.encode(claims, self._secret, algorithm="HS256", headers={"kid": self._key_id})

    def _verify(self, token: str, token_type: str) -> dict[str, Any]:
        claims = jwt.decode(
            token,
            self._secret,
            algorithms=["HS256"],
            leeway=CLOCK_TOLERANCE_SECONDS,
            options={"require": ["iat", "exp"]},
        )
        # Read once the signature has verified it: the header is the gateway's own.
        if jwt.get_unverified_header(token).get("typ") != token_type:
            raise jwt.InvalidTokenError(f"the token's typ is not {token_type}")
        return claims

    def _call(self, path: str, data: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        where = f"POST {self._base_url}{path}"
        request = urllib.request.Request(
            self._base_url + path,
            data=json.dumps({"jwt": self._sign(data)}).encode(),
            headers={"content-type": "application/json"},
            method="POST",
        )
        try:
            try:
                with urllib.request.urlopen(request, timeout=self._timeout) as response:
                    status, content_type, raw = response.status, response.headers.get("content-type"), response.read()
            except urllib.error.HTTPError as error:  # 4xx and 5xx: an answer all the same
                with error:
                    status, content_type, raw = error.code, error.headers.get("content-type"), error.read()
        except (OSError, http.client.HTTPException) as error:  # refused, unreachable, a timeout, a reset
            raise CashierError(0, "network_error", f"{where}: {_reason_of(error)}") from error

        def invalid(why: str) -> CashierError:
            return CashierError(status, "invalid_response", f"{where}: {why}")

        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not isinstance(body, dict):
            excerpt = " ".join(raw.decode("utf-8", "replace").split())[:200]
            raise invalid(f"the answer is not the gateway's JSON (HTTP {status}, {content_type}): {excerpt}")
        token = body.get("jwt")
        if not isinstance(token, str):
            raise _problem_error(status, body) or invalid("the answer has neither a jwt nor a problem's detail")
        try:
            claims = self._verify(token, RESPONSE_TYPE)
        except jwt.PyJWTError as error:
            raise invalid(f"the answer's token does not verify with this key: {error}") from error
        code, answer = claims.get("code"), claims.get("data")
        if not isinstance(code, int) or not isinstance(answer, dict):
            raise invalid("the answer's token has no code or data")
        refusal = answer.get("error")
        if isinstance(refusal, dict):
            raise CashierError(code, refusal["type"], refusal["detail"], refusal.get("fields"))
        return code, _with_decimal_amounts(answer)

    def _create(self, path: str, data: Mapping[str, Any]) -> dict[str, Any]:
        # The gateway answers 200 instead of 201 when the request repeats an earlier one (the same
        # reference and data): it created nothing and answered the original.
        code, answer = self._call(path, data)
        return {**answer, "replayed": code == 200}

    def pix(self, data: PixRequest) -> PixCreated:
        """A Pix deposit: its BR Code and QR image for your own page."""
        return cast(PixCreated, self._create("/api/pix", data))

    def payment_initiation(self, data: PaymentInitiationRequest) -> PaymentInitiationCreated:
        """A deposit paid from a bank account at a unique hosted URL."""
        return cast(PaymentInitiationCreated, self._create("/api/payment-initiation", data))

    def gateway_out(self, data: GatewayOutRequest) -> GatewayOutCreated:
        """A payout to the customer by Pix key or bank account."""
        return cast(GatewayOutCreated, self._create("/api/gateway-out", data))

    def status(self, query: StatusRequest) -> StatusResponse:
        """A deposit's, payout's or refund's current status: exactly one of id, transfer_id or reference."""
        return cast(StatusResponse, self._call("/api/status", query)[1])

    def balance(self) -> BalanceResponse:
        """Your money in your key's mode: available, reserved and pending."""
        return cast(BalanceResponse, self._call("/api/balance", {})[1])

    def gateway_in_url(self, data: GatewayInData) -> str:
        """Where to send the customer for Gateway In: the data signed into the URL, valid for 60 s."""
        return f"{self._base_url}/direct/{urllib.parse.quote(self._key_id, safe='')}/{self._sign(data)}"

    def verify_callback(self, body: bytes | str) -> CallbackData:
        """The raw body your callback URL received, verified: its data (event_id, type,
        occurred_at and the event's fields). On arrival, or later from your own queue: the token
        expires 24 h after the gateway signed it. Act once per event_id."""
        try:
            parsed = json.loads(body)
        except ValueError:
            parsed = None
        token = parsed.get("jwt") if isinstance(parsed, dict) else None
        if not isinstance(token, str):
            raise CashierError(0, "invalid_callback", 'the body is not {"jwt": "<token>"}')
        try:
            return cast(CallbackData, _with_decimal_amounts(self._verify(token, CALLBACK_TYPE)["data"]))
        except (jwt.PyJWTError, KeyError) as error:
            raise CashierError(0, "invalid_callback", f"the callback's token does not verify: {error}") from error


class _Namespace:
    def __init__(self, client: Client) -> None:
        self._client = client


class _Refunds(_Namespace):
    def create(self, data: RefundRequest) -> RefundCreated:
        """A refund of a paid deposit, whole or partial."""
        return cast(RefundCreated, self._client._create("/api/refund", data))


class _Sandbox(_Namespace):
    def simulate(self, data: SandboxSimulateRequest) -> SandboxSimulateResponse:
        """Move your sandbox deposit or payout to a final state (sandbox keys only)."""
        return cast(SandboxSimulateResponse, self._client._call("/api/sandbox/simulate", data)[1])


class _Callbacks(_Namespace):
    def test(self) -> CallbacksTestResponse:
        """A signed callback of type test to your callback URL now, and how your endpoint answered."""
        return cast(CallbacksTestResponse, self._client._call("/api/callbacks/test", {})[1])


class _Transactions(_Namespace):
    def list(self, query: TransactionsRequest | None = None) -> TransactionsResponse:
        """Your deposits, payouts and refunds, newest first, a page at a time (next_cursor as after)."""
        return cast(TransactionsResponse, self._client._call("/api/transactions", query or {})[1])


class _Events(_Namespace):
    def list(self, query: EventsRequest | None = None) -> EventsResponse:
        """Your callback events with every delivery attempt, newest first, a page at a time."""
        return cast(EventsResponse, self._client._call("/api/events", query or {})[1])

    def resend(self, data: EventsResendRequest) -> EventsResendResponse:
        """One of your callback events queued again: the same event_id and payload."""
        return cast(EventsResendResponse, self._client._call("/api/events/resend", data)[1])


class _Disputes(_Namespace):
    def list(self, query: DisputesRequest | None = None) -> DisputesResponse:
        """Your disputes (MED infractions against your deposits' Pix), newest first, a page at a time."""
        return cast(DisputesResponse, self._client._call("/api/disputes", query or {})[1])

    def respond(self, data: DisputesRespondRequest) -> DisputesRespondResponse:
        """Your one answer to an open dispute, accept or contest, sent to the PSP: the dispute as it
        stands after. A provider_unavailable keeps it: send the same answer again."""
        return cast(DisputesRespondResponse, self._client._call("/api/disputes/respond", data)[1])
