# Generated from the gateway's decoded OpenAPI document (GET /openapi.decoded.json) by
# `npm run clients:types`; do not edit. scripts/client-types.test.ts fails when it is stale.
from typing import Any, Literal, NotRequired, TypedDict


ErrorCode = Literal["body_too_large", "unsupported_media_type", "token_missing", "token_malformed", "algorithm_not_allowed", "key_missing", "key_unknown", "key_revoked", "signature_invalid", "token_expired", "token_not_yet_valid", "token_lifetime_too_long", "claims_invalid", "token_type_not_allowed", "issuer_invalid", "audience_invalid", "jti_replayed", "path_malformed", "method_not_allowed", "origin_not_allowed", "action_malformed", "form_malformed", "rate_limited", "validation_failed", "not_found", "reference_conflict", "state_conflict", "insufficient_funds", "sandbox_only", "provider_error", "provider_unavailable", "service_unavailable", "provider_mismatch", "webhook_unauthorized", "invalid_argument", "forbidden", "internal_error"]


class ErrorDataErrorFieldsItem(TypedDict):
    path: str
    message: str


class ErrorDataError(TypedDict):
    type: ErrorCode
    title: str
    # What to fix, for your developer
    detail: str
    # For invalid data: each field and why
    fields: NotRequired[list[ErrorDataErrorFieldsItem]]


class ErrorData(TypedDict):
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]
    error: ErrorDataError


class Problem(TypedDict):
    # Where the code is explained: /docs/errors with the code as its anchor
    type: str
    title: str
    status: int
    detail: NotRequired[str]
    code: ErrorCode
    # A 500's opaque id (err_…): quote it to support
    id: NotRequired[str]


class GatewayInData(TypedDict):
    """The data claim of Gateway In's token"""
    # The customer's full name, required and valid: shown locked
    name: str
    # The customer's e-mail, required and valid: shown locked
    email: str
    # The customer's CPF, required and valid: 11 digits, optionally as 123.456.789-09
    cpf: str
    # pix or the customer's bank (optional: absent, the customer picks)
    paymentMethod: NotRequired[Literal["banco-do-brasil", "bradesco", "caixa", "santander", "pix"]]
    # In reais (optional: absent, the customer types it)
    amount: NotRequired[str | float]
    # BRL, the only currency; absent means BRL
    currency: NotRequired[Literal["BRL"]]
    # Your unique id for this transaction; the same reference with the same data replays
    reference: str
    # Your id for the customer
    merchant_user: str
    # BR, the only country
    country: Literal["BR"]
    # Where the customer goes back to (optional): an absolute https URL within your registered origins. Its query gets status (paid, failed or canceled) and deposit_id, a hint for your page: trust only the signed callback or POST /api/status
    return_url: NotRequired[str]
    # What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
    brand: NotRequired[str]
    # The customer's phone (optional, free text)
    phone: NotRequired[str]


class PixRequest(TypedDict):
    # The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form
    name: NotRequired[str]
    # The customer's e-mail; absent, blank or invalid is kept and flagged
    email: NotRequired[str]
    # The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged
    cpf: NotRequired[str]
    # In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
    amount: str | float
    # BRL, the only currency; absent means BRL
    currency: NotRequired[Literal["BRL"]]
    # Your unique id for this transaction; the same reference with the same data replays
    reference: str
    # Your id for the customer
    merchant_user: str
    # BR, the only country
    country: Literal["BR"]
    # The customer's IP address (IPv4 or IPv6)
    buyer_ip: str
    # The customer's phone (optional, free text)
    phone: NotRequired[str]
    # What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
    brand: NotRequired[str]


class PixResponse(TypedDict):
    # The deposit's id, for /api/status and refunds
    id: str
    # BRL
    currency: str
    # In reais, as a number; the client hands it over as "10.50"
    amount: str
    # Your reference
    reference: str
    # The BR Code (Pix copia e cola) to show or copy
    qrCodeText: str
    # The same BR Code as a QR image: a PNG data URI
    qrCodeImage: str
    # The deposit's status now: pending when created; a replay of the same request answers paid, failed or expired once it ended, and then the QR can no longer be paid
    status: Literal["pending", "paid", "failed", "expired"]
    # When the QR stops being payable, ISO 8601; the same on every replay
    expires_at: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class PaymentInitiationRequest(TypedDict):
    # The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form
    name: NotRequired[str]
    # The customer's e-mail; absent, blank or invalid is kept and flagged
    email: NotRequired[str]
    # The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged
    cpf: NotRequired[str]
    # In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
    amount: str | float
    # BRL, the only currency; absent means BRL
    currency: NotRequired[Literal["BRL"]]
    # Your unique id for this transaction; the same reference with the same data replays
    reference: str
    # Your id for the customer
    merchant_user: str
    # BR, the only country
    country: Literal["BR"]
    # The customer's IP address (IPv4 or IPv6)
    buyer_ip: str
    # The customer's phone (optional, free text)
    phone: NotRequired[str]
    # What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
    brand: NotRequired[str]
    # Where the customer returns after paying: an absolute https URL within your registered origins; the normalised URL is stored and used
    successRedirectUrl: str
    # Where the customer returns when the payment fails: an absolute https URL within your registered origins; the normalised URL is stored and used
    failedRedirectUrl: str


class PaymentInitiationResponse(TypedDict):
    # The deposit's id
    id: str
    # BRL
    currency: str
    # In reais with a decimal comma; the client hands it over as "10.50"
    amount: str
    # Your reference
    reference: str
    # The hosted page where the customer pays from a bank account
    paymentInitiationUrl: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class GatewayOutRequest(TypedDict):
    # The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form
    name: NotRequired[str]
    # The customer's e-mail; absent, blank or invalid is kept and flagged
    email: NotRequired[str]
    # The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged
    cpf: NotRequired[str]
    # pix (to the customer's CPF as Pix key) or the customer's bank
    paymentMethod: Literal["banco-do-brasil", "bradesco", "caixa", "nubank", "santander", "pix"]
    # In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
    amount: str | float
    # BRL, the only currency; absent means BRL
    currency: NotRequired[Literal["BRL"]]
    # Your unique id for this transaction; the same reference with the same data replays
    reference: str
    # Your id for the customer
    merchant_user: str
    # BR, the only country
    country: Literal["BR"]
    # The customer's IP address (IPv4 or IPv6)
    buyer_ip: str
    # The customer's phone (optional, free text)
    phone: NotRequired[str]
    # With pix: the customer's CPF registered as their Pix key, equal to cpf
    pix_key: NotRequired[str]
    # With a bank: the branch (agência)
    branch: NotRequired[str]
    # With a bank: the account with its check digit as the customer's bank prints it (leading zeros, dash and dots optional)
    account: NotRequired[str]
    # With a bank: C (current account) or S (savings account)
    account_type: NotRequired[str]


class GatewayOutResponse(TypedDict):
    # The payout's id, for /api/status and its callback
    transfer_id: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class StatusRequest(TypedDict):
    # A deposit's or refund's id (or a payout's transfer_id)
    id: NotRequired[str]
    # A payout's transfer_id
    transfer_id: NotRequired[str]
    # Your reference of a deposit or payout
    reference: NotRequired[str]


class StatusResponseDispute(TypedDict):
    """An undecided dispute of this deposit (POST /api/disputes); absent when none"""
    id: str
    status: Literal["open", "answered"]
    # What the payer contests
    amount: str
    # The PSP's deadline for your answer, ISO 8601
    respond_by: str


class StatusResponse(TypedDict):
    # The transaction's id
    id: str
    # A payout's id again, under the name its request answered
    transfer_id: NotRequired[str]
    # pix, payment_initiation, gateway_in, gateway_out or refund
    operation: str
    # A refund's deposit
    deposit_id: NotRequired[str]
    # Your reference (a refund's: its deposit's)
    reference: str
    # pending, paid, failed or expired (deposit); pending, completed or canceled (payout); pending, completed or failed (refund)
    status: str
    # In reais with a decimal point
    amount: str
    currency: str
    # ISO 8601
    created_at: str
    # ISO 8601
    updated_at: str
    # Why, as a code: a deposit that failed or expired (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated), a payout canceled (psp_refused, sandbox_simulated or the operator's code), a refund that failed (not_carried_out, provider_refused) or that the PSP made on its own (med_fraud, med_operational, returned_at_psp)
    reason_code: NotRequired[str]
    # With reason_code: why, in words
    reason: NotRequired[str | None]
    # An undecided dispute of this deposit (POST /api/disputes); absent when none
    dispute: NotRequired[StatusResponseDispute]
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class RefundRequest(TypedDict):
    # The paid deposit's id (or send reference)
    id: NotRequired[str]
    # The paid deposit's reference (or send id)
    reference: NotRequired[str]
    # In reais; absent means all that is left to refund
    amount: NotRequired[str | float]
    # Shown to the payer by their bank; the same request with another reason is another refund
    reason: NotRequired[str]


class RefundResponse(TypedDict):
    # The refund's id
    id: str
    # The refunded deposit's id
    deposit_id: str
    # In reais with a decimal point
    amount: str
    currency: str
    # The outcome follows by callback
    status: Literal["pending"]
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class SandboxSimulateRequest(TypedDict):
    # Your sandbox deposit's id or payout's transfer_id
    id: str
    # paid, failed or expired (deposit); completed or canceled (payout); disputed (a paid deposit: its payer opens a dispute); absent: the amount decides (x,01 fails or cancels, x,02 expires)
    outcome: NotRequired[Literal["paid", "failed", "expired", "completed", "canceled", "disputed"]]


class SandboxSimulateResponseVariant1(TypedDict):
    # The deposit's id
    id: str
    # sandbox
    mode: str
    # The status reached
    status: Literal["paid", "failed", "expired", "completed", "canceled"]
    # The callback on its way
    event_id: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class SandboxSimulateResponseVariant2(TypedDict):
    # The deposit's id
    id: str
    # sandbox
    mode: str
    # A disputed deposit stays paid
    status: Literal["paid"]
    # The dispute opened (outcome disputed)
    dispute_id: str
    # The dispute.opened callback on its way
    event_id: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class SandboxSimulateResponseVariant3(TypedDict):
    # The payout's transfer_id
    transfer_id: str
    # sandbox
    mode: str
    # The status reached
    status: Literal["paid", "failed", "expired", "completed", "canceled"]
    # The callback on its way
    event_id: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


SandboxSimulateResponse = SandboxSimulateResponseVariant1 | SandboxSimulateResponseVariant2 | SandboxSimulateResponseVariant3


class CallbacksTestRequest(TypedDict):
    pass


class CallbacksTestResponse(TypedDict):
    # The test callback's event_id
    event_id: str
    # Your callback URL; null when none is registered
    url: str | None
    # ISO 8601
    sent_at: str
    # Your endpoint's HTTP status; null when it could not be reached
    http_status: float | None
    # How long your endpoint took
    latency_ms: float
    # The start of your endpoint's answer
    body_excerpt: str | None
    # Why it could not be delivered, coarsely: no callback URL or key, `address not allowed: …` or `no answer: …`
    error: str | None
    # true when your endpoint answered 2xx
    delivered: bool
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class BalanceRequest(TypedDict):
    pass


class BalanceResponse(TypedDict):
    # Your key's mode: the money of the other mode is never counted
    mode: Literal["sandbox", "live"]
    currency: str
    # What you can pay out or refund now, in reais with a decimal point
    available: str
    # Held by your pending payouts and refunds until their outcome
    reserved: str
    # What your pending deposits would bring in if paid: not yours yet, and never counted in available
    pending: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


TransactionsRequest = TypedDict("TransactionsRequest", {
    # deposit, payout or refund; all three when absent
    "type": NotRequired[Literal["deposit", "payout", "refund"]],
    # Only rows in this status, as /api/status names it
    "status": NotRequired[Literal["pending", "paid", "failed", "expired", "completed", "canceled"]],
    # Only this reference (a refund's is its deposit's)
    "reference": NotRequired[str],
    # Created on this day or later, YYYY-MM-DD in Brasília time (UTC−3)
    "from": NotRequired[str],
    # Created on this day or earlier, YYYY-MM-DD in Brasília time
    "to": NotRequired[str],
    # Rows in the page, 1 to 100; absent: 50
    "limit": NotRequired[int],
    # An answer's next_cursor: the rows after it, older
    "after": NotRequired[str],
    # An answer's previous_cursor: the rows before it, newer
    "before": NotRequired[str],
})


class TransactionsResponseTransactionsItem(TypedDict):
    # The deposit's, payout's or refund's id
    id: str
    # deposit, payout or refund
    type: Literal["deposit", "payout", "refund"]
    # pix, payment_initiation, gateway_in, gateway_out or refund
    operation: str
    # A payout's id again, under the name its request answered
    transfer_id: NotRequired[str]
    # A refund's deposit
    deposit_id: NotRequired[str]
    # Your reference (a refund's: its deposit's)
    reference: str
    # As /api/status answers it
    status: str
    # In reais with a decimal point
    amount: str
    currency: str
    # ISO 8601
    created_at: str
    # When it reached its final status, ISO 8601; null while pending
    settled_at: str | None


class TransactionsResponse(TypedDict):
    # Your deposits, payouts and refunds of your key's mode, newest first
    transactions: list[TransactionsResponseTransactionsItem]
    # Send it as after for the next (older) page; null on the last page
    next_cursor: str | None
    # Send it as before for the previous (newer) page; null on the first page
    previous_cursor: str | None
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class EventsRequest(TypedDict):
    # pending (not delivered yet), delivered or failed (given up)
    status: NotRequired[Literal["pending", "delivered", "failed"]]
    # Only events of this type
    type: NotRequired[Literal["gateway_out.completed", "gateway_out.canceled", "deposit.paid", "deposit.failed", "deposit.expired", "refund.completed", "refund.failed", "dispute.opened", "dispute.closed"]]
    # Only the events reporting this deposit, payout (its transfer_id) or refund
    transaction_id: NotRequired[str]
    # Rows in the page, 1 to 100; absent: 50
    limit: NotRequired[int]
    # An answer's next_cursor: the rows after it, older
    after: NotRequired[str]
    # An answer's previous_cursor: the rows before it, newer
    before: NotRequired[str]


class EventsResponseEventsItemAttemptsItem(TypedDict):
    # 1 for the first attempt
    number: float
    # succeeded (your endpoint answered 2xx), failed, in_flight (being sent now), interrupted (the gateway stopped mid-attempt: you may have received it) or forwarded (your forwarder, `npm run listen -- --forward-to`, posted it to your machine; http_status is what answered there)
    state: Literal["succeeded", "failed", "in_flight", "interrupted", "forwarded"]
    # ISO 8601
    started_at: str
    # ISO 8601; null while in flight or interrupted
    finished_at: str | None
    # Where it was sent; null when no callback URL was set
    url: str | None
    # The key that signed it
    key_id: str | None
    # Your endpoint's answer; null when none came
    http_status: float | None
    # How long your endpoint took
    latency_ms: float | None
    # Why it was not delivered, when no answer says it, coarsely: no callback URL or key, `address not allowed: …` or `no answer: …`
    error: str | None
    # The first 500 bytes of your endpoint's answer
    response_excerpt: str | None


class EventsResponseEventsItem(TypedDict):
    # The callback's event_id
    event_id: str
    type: str
    # pending (waiting for its next attempt), delivered or failed (given up after the last retry)
    status: Literal["pending", "delivered", "failed"]
    # The deposit, payout or refund it reports
    transaction_id: str | None
    # ISO 8601
    created_at: str
    # When it is sent next, ISO 8601; null unless pending
    next_attempt_at: str | None
    # ISO 8601; null until delivered
    delivered_at: str | None
    # The callback's data claim, as every attempt sent it (iat and exp are fresh each time)
    payload: dict[str, Any]
    # Every attempt so far, first first
    attempts: list[EventsResponseEventsItemAttemptsItem]


class EventsResponse(TypedDict):
    # Your callback events of your key's mode, newest first
    events: list[EventsResponseEventsItem]
    # Send it as after for the next (older) page; null on the last page
    next_cursor: str | None
    # Send it as before for the previous (newer) page; null on the first page
    previous_cursor: str | None
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class EventsResendRequest(TypedDict):
    # The callback's event_id
    event_id: str


class EventsResendResponse(TypedDict):
    # The same event_id: your de-duplication still holds
    event_id: str
    # pending: queued again
    status: Literal["pending", "delivered", "failed"]
    # When it is sent, ISO 8601 (now: the next worker round)
    next_attempt_at: str
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class EventsForwardedRequest(TypedDict):
    # The callback's event_id
    event_id: str
    # Where your forwarder posted it
    url: str
    # What answered there; null when nothing did
    http_status: int | None
    latency_ms: int
    # Why nothing answered, in your forwarder's words
    error: NotRequired[str | None]


class EventsForwardedResponse(TypedDict):
    event_id: str
    # The number the attempt took among the event's attempts
    attempt: float
    state: Literal["forwarded"]
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class DisputesRequest(TypedDict):
    # Only disputes in this status
    status: NotRequired[Literal["open", "answered", "won", "lost", "canceled"]]
    # Only the disputes of this deposit
    deposit_id: NotRequired[str]
    # Rows in the page, 1 to 100; absent: 50
    limit: NotRequired[int]
    # An answer's next_cursor: the rows after it, older
    after: NotRequired[str]
    # An answer's previous_cursor: the rows before it, newer
    before: NotRequired[str]


class DisputesResponseDisputesItem(TypedDict):
    # The dispute's id
    id: str
    # The deposit whose Pix is contested
    deposit_id: str
    # The deposit's reference
    reference: str
    # What the payer contests, in reais with a decimal point
    amount: str
    currency: str
    # The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
    reason_code: Literal["scam", "account_takeover", "coercion", "fraudulent_access", "other", "unknown"]
    # The payer's claim in words
    reason: str
    # The PSP's deadline for your answer, ISO 8601
    respond_by: str
    # open (waiting for your answer), answered (the PSP decides), won (you keep the money), lost (it goes back to the payer) or canceled
    status: Literal["open", "answered", "won", "lost", "canceled"]
    # What the dispute holds of your balance now: payouts cannot spend it
    held: str
    # Your answer; null until you give it
    decision: Literal["accept", "contest"] | None
    # Your answer's text; null until you give it
    justification: str | None
    # When the payer's bank opened it, ISO 8601
    opened_at: str
    # When the PSP took your answer, ISO 8601
    answered_at: str | None
    # When it was won, lost or canceled, ISO 8601
    closed_at: str | None


class DisputesResponse(TypedDict):
    # Your disputes of your key's mode, newest first
    disputes: list[DisputesResponseDisputesItem]
    # Send it as after for the next (older) page; null on the last page
    next_cursor: str | None
    # Send it as before for the previous (newer) page; null on the first page
    previous_cursor: str | None
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class DisputesRespondRequest(TypedDict):
    # The dispute's id
    id: str
    # accept: the payer's claim stands and the money goes back to them; contest: you defend the payment
    decision: Literal["accept", "contest"]
    # Your answer in plain text, at most 2000 characters: what was sold, to whom, the proof you hold
    justification: str


class DisputesRespondResponse(TypedDict):
    # The dispute's id
    id: str
    # The deposit whose Pix is contested
    deposit_id: str
    # The deposit's reference
    reference: str
    # What the payer contests, in reais with a decimal point
    amount: str
    currency: str
    # The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
    reason_code: Literal["scam", "account_takeover", "coercion", "fraudulent_access", "other", "unknown"]
    # The payer's claim in words
    reason: str
    # The PSP's deadline for your answer, ISO 8601
    respond_by: str
    # open (waiting for your answer), answered (the PSP decides), won (you keep the money), lost (it goes back to the payer) or canceled
    status: Literal["open", "answered", "won", "lost", "canceled"]
    # What the dispute holds of your balance now: payouts cannot spend it
    held: str
    # Your answer; null until you give it
    decision: Literal["accept", "contest"] | None
    # Your answer's text; null until you give it
    justification: str | None
    # When the payer's bank opened it, ISO 8601
    opened_at: str
    # When the PSP took your answer, ISO 8601
    answered_at: str | None
    # When it was won, lost or canceled, ISO 8601
    closed_at: str | None
    # What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
    warnings: NotRequired[list[str]]


class CallbackDepositPaid(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["deposit.paid"]
    # When it happened, ISO 8601
    occurred_at: str
    # The deposit's id
    id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # In reais with a decimal point
    amount: str
    currency: str
    # The final status, as in the type
    status: Literal["paid", "failed", "expired"]
    # When failed or expired: why, as a code (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated)
    reason_code: NotRequired[Literal["expired", "psp_closed", "charge_not_issued", "customer_declined", "sandbox_simulated"]]
    # With reason_code: the reason in words
    reason: NotRequired[str]


class CallbackDepositFailed(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["deposit.failed"]
    # When it happened, ISO 8601
    occurred_at: str
    # The deposit's id
    id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # In reais with a decimal point
    amount: str
    currency: str
    # The final status, as in the type
    status: Literal["paid", "failed", "expired"]
    # When failed or expired: why, as a code (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated)
    reason_code: NotRequired[Literal["expired", "psp_closed", "charge_not_issued", "customer_declined", "sandbox_simulated"]]
    # With reason_code: the reason in words
    reason: NotRequired[str]


class CallbackDepositExpired(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["deposit.expired"]
    # When it happened, ISO 8601
    occurred_at: str
    # The deposit's id
    id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # In reais with a decimal point
    amount: str
    currency: str
    # The final status, as in the type
    status: Literal["paid", "failed", "expired"]
    # When failed or expired: why, as a code (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated)
    reason_code: NotRequired[Literal["expired", "psp_closed", "charge_not_issued", "customer_declined", "sandbox_simulated"]]
    # With reason_code: the reason in words
    reason: NotRequired[str]


class CallbackGatewayOutCompleted(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["gateway_out.completed"]
    # When it happened, ISO 8601
    occurred_at: str
    # The payout's id
    transfer_id: str
    # The same id under its older name, kept for older integrations
    transfers_id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # The same id under its older name, kept for older integrations
    user_id: str | None
    # In reais with a decimal point
    amount: str
    currency: str
    # The final status, as in the type
    status: Literal["completed", "canceled"]
    # When canceled: why, as a code
    reason_code: NotRequired[str]
    # When canceled: why, in words
    reason: NotRequired[str]


class CallbackGatewayOutCanceled(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["gateway_out.canceled"]
    # When it happened, ISO 8601
    occurred_at: str
    # The payout's id
    transfer_id: str
    # The same id under its older name, kept for older integrations
    transfers_id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # The same id under its older name, kept for older integrations
    user_id: str | None
    # In reais with a decimal point
    amount: str
    currency: str
    # The final status, as in the type
    status: Literal["completed", "canceled"]
    # When canceled: why, as a code
    reason_code: NotRequired[str]
    # When canceled: why, in words
    reason: NotRequired[str]


class CallbackRefundCompleted(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["refund.completed"]
    # When it happened, ISO 8601
    occurred_at: str
    # The refund's id
    id: str
    # The refunded deposit's id
    deposit_id: str
    # In reais with a decimal point
    amount: str
    currency: str
    # The deposit's reference
    reference: str
    # The final status, as in the type
    status: Literal["completed", "failed"]
    # When failed: not_carried_out or provider_refused. When completed without the merchant asking (the PSP returned the money on its own): med_fraud, med_operational or returned_at_psp
    reason_code: NotRequired[str]
    # With reason_code: the reason in words
    reason: NotRequired[str | None]


class CallbackRefundFailed(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["refund.failed"]
    # When it happened, ISO 8601
    occurred_at: str
    # The refund's id
    id: str
    # The refunded deposit's id
    deposit_id: str
    # In reais with a decimal point
    amount: str
    currency: str
    # The deposit's reference
    reference: str
    # The final status, as in the type
    status: Literal["completed", "failed"]
    # When failed: not_carried_out or provider_refused. When completed without the merchant asking (the PSP returned the money on its own): med_fraud, med_operational or returned_at_psp
    reason_code: NotRequired[str]
    # With reason_code: the reason in words
    reason: NotRequired[str | None]


class CallbackDisputeOpened(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["dispute.opened"]
    # When it happened, ISO 8601
    occurred_at: str
    # The dispute's id
    id: str
    # The deposit whose Pix is contested
    deposit_id: str
    # The deposit's reference
    reference: str
    # What the payer contests, in reais with a decimal point
    amount: str
    currency: str
    # The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
    reason_code: Literal["scam", "account_takeover", "coercion", "fraudulent_access", "other", "unknown"]
    # The payer's claim in words
    reason: str
    # The PSP's deadline for your answer, ISO 8601
    respond_by: str
    status: Literal["open"]


class CallbackDisputeClosed(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["dispute.closed"]
    # When it happened, ISO 8601
    occurred_at: str
    # The dispute's id
    id: str
    # The deposit whose Pix is contested
    deposit_id: str
    # The deposit's reference
    reference: str
    # What the payer contests, in reais with a decimal point
    amount: str
    currency: str
    # The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
    reason_code: Literal["scam", "account_takeover", "coercion", "fraudulent_access", "other", "unknown"]
    # The payer's claim in words
    reason: str
    # The PSP's deadline for your answer, ISO 8601
    respond_by: str
    # The outcome, as in outcome
    status: Literal["won", "lost", "canceled"]
    # won: you keep the money; lost: it goes back to the payer (a refund.completed follows); canceled: withdrawn
    outcome: Literal["won", "lost", "canceled"]


class CallbackTest(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["test"]
    # When it happened, ISO 8601
    occurred_at: str


class PixCreated(PixResponse):
    # True when the request repeated an earlier one: nothing was created, the original answer (HTTP 200, not 201)
    replayed: bool


class PaymentInitiationCreated(PaymentInitiationResponse):
    # True when the request repeated an earlier one: nothing was created, the original answer (HTTP 200, not 201)
    replayed: bool


class GatewayOutCreated(GatewayOutResponse):
    # True when the request repeated an earlier one: nothing was created, the original answer (HTTP 200, not 201)
    replayed: bool


class RefundCreated(RefundResponse):
    # True when the request repeated an earlier one: nothing was created, the original answer (HTTP 200, not 201)
    replayed: bool


# A verified callback's data, told apart by its type
CallbackData = CallbackDepositPaid | CallbackDepositFailed | CallbackDepositExpired | CallbackGatewayOutCompleted | CallbackGatewayOutCanceled | CallbackRefundCompleted | CallbackRefundFailed | CallbackDisputeOpened | CallbackDisputeClosed | CallbackTest


# The fields of an answer or a callback that hold an amount, wherever they sit: the client hands each over as "10.50".
AMOUNT_FIELDS = frozenset({"amount", "held", "available", "reserved", "pending"})
