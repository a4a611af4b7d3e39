# Generated from the gateway's decoded OpenAPI document (GET /openapi.decoded.json) by
# `npm run clients:types`; do not edit. scripts/client-types.test.ts fails when it is stale.
from typing import Any, Literal, NotRequired, TypedDict


ErrorCode = Literal["body_too_large", "body_incomplete", "unsupported_media_type", "token_missing", "token_malformed", "algorithm_not_allowed", "key_missing", "key_unknown", "key_revoked", "signature_invalid", "token_expired", "token_not_yet_valid", "token_lifetime_too_long", "claims_invalid", "token_type_not_allowed", "issuer_invalid", "audience_invalid", "jti_replayed", "path_malformed", "method_not_allowed", "origin_not_allowed", "action_malformed", "form_malformed", "rate_limited", "validation_failed", "not_found", "reference_conflict", "state_conflict", "insufficient_funds", "sandbox_only", "provider_error", "provider_unavailable", "provider_mismatch", "webhook_unauthorized", "invalid_argument", "forbidden", "internal_error"]


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
    error: ErrorDataError


class Problem(TypedDict):
    type: str
    title: str
    status: int
    detail: NotRequired[str]
    code: ErrorCode


class GatewayInData(TypedDict):
    """The data claim of Gateway In's token"""
    name: str
    email: str
    cpf: str
    paymentMethod: NotRequired[Literal["banco-do-brasil", "bradesco", "caixa", "santander", "pix"]]
    # In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
    amount: NotRequired[str | float]
    # BRL, the only currency; absent means BRL
    currency: NotRequired[Literal["BRL"]]
    # Your unique id for this transaction; the same reference with the same data replays
    reference: str
    # Your id for the customer
    merchant_user: str
    # BR, the only country
    country: Literal["BR"]
    return_url: NotRequired[str]
    # What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
    brand: NotRequired[str]
    # The customer's phone (optional, free text)
    phone: NotRequired[str]


class PixRequest(TypedDict):
    # The customer's full name; blank or invalid is kept, flagged and asked again on the hosted form
    name: NotRequired[str]
    # The customer's e-mail; blank or invalid is kept and flagged
    email: NotRequired[str]
    # The customer's CPF: 11 digits, optionally as 123.456.789-09; blank or invalid is kept and flagged
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
    # In reais, as a number
    amount: float
    # Your reference
    reference: str
    # The BR Code (Pix copia e cola) to show or copy
    qrCodeText: str
    # The same BR Code as a QR image: a PNG data URI
    qrCodeImage: str


class PaymentInitiationRequest(TypedDict):
    # The customer's full name; blank or invalid is kept, flagged and asked again on the hosted form
    name: NotRequired[str]
    # The customer's e-mail; blank or invalid is kept and flagged
    email: NotRequired[str]
    # The customer's CPF: 11 digits, optionally as 123.456.789-09; blank or invalid is kept and flagged
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
    # In reais with a decimal comma
    amount: str
    # Your reference
    reference: str
    # The hosted page where the customer pays from a bank account
    paymentInitiationUrl: str


class GatewayOutRequest(TypedDict):
    # The customer's full name; blank or invalid is kept, flagged and asked again on the hosted form
    name: NotRequired[str]
    # The customer's e-mail; blank or invalid is kept and flagged
    email: NotRequired[str]
    # The customer's CPF: 11 digits, optionally as 123.456.789-09; blank or invalid is kept and flagged
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


class StatusRequest(TypedDict):
    # A deposit's or refund's id (or a payout's transfer_id)
    id: NotRequired[str]
    # A payout's transfer_id
    transfer_id: NotRequired[str]
    # Your reference of a deposit or payout
    reference: NotRequired[str]


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
    # When canceled or failed: why, as a code
    reason_code: NotRequired[str]
    # When canceled or failed: why, in words
    reason: NotRequired[str | None]


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


class SandboxSimulateRequest(TypedDict):
    # Your sandbox deposit's id or payout's transfer_id
    id: str
    # paid, failed or expired (deposit); completed or canceled (payout); absent: the amount decides (x,01 fails or cancels, x,02 expires)
    outcome: NotRequired[Literal["paid", "failed", "expired", "completed", "canceled"]]


class SandboxSimulateResponseVariant1(TypedDict):
    # The deposit's id
    id: str
    # sandbox
    mode: str
    # The status reached
    status: Literal["paid", "failed", "expired", "completed", "canceled"]
    # The callback on its way
    event_id: str


class SandboxSimulateResponseVariant2(TypedDict):
    # The payout's transfer_id
    transfer_id: str
    # sandbox
    mode: str
    # The status reached
    status: Literal["paid", "failed", "expired", "completed", "canceled"]
    # The callback on its way
    event_id: str


SandboxSimulateResponse = SandboxSimulateResponseVariant1 | SandboxSimulateResponseVariant2


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
    # Why it could not be delivered
    error: str | None
    # true when your endpoint answered 2xx
    delivered: bool


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


class CallbackGatewayOutCompleted(TypedDict):
    # Unique per event: a retry carries the same one; ignore one you already handled
    event_id: str
    type: Literal["gateway_out.completed"]
    # When it happened, ISO 8601
    occurred_at: str
    # The payout's id
    transfer_id: str
    # The same id under the spec's older name
    transfers_id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # The same id under the spec's older name
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
    # The same id under the spec's older name
    transfers_id: str
    # Your reference
    reference: str
    # Your id for the customer
    merchant_user: str | None
    # The same id under the spec's older name
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
CallbackData = CallbackDepositPaid | CallbackDepositFailed | CallbackDepositExpired | CallbackGatewayOutCompleted | CallbackGatewayOutCanceled | CallbackRefundCompleted | CallbackRefundFailed | CallbackTest
