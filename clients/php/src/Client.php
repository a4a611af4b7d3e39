<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\Transport;

/**
 * The Cashier API's PHP client: signs each request with your key (HS256), verifies each answer and
 * callback with it, and throws every failure (a refusal, an answer that is not the gateway's, no
 * answer at all) as CashierException. Answers are arrays as the gateway's JSON has them, with
 * every amount as a decimal string ("10.50": see Amounts).
 *
 *     $cashier = new Cashier\Client(getenv('CASHIER_URL'), getenv('CASHIER_KEY_ID'), getenv('CASHIER_SECRET'));
 *     $deposit = $cashier->pix([...]);
 */
final class Client
{
    public readonly Refunds $refunds;
    public readonly Sandbox $sandbox;
    public readonly Callbacks $callbacks;
    public readonly Transactions $transactions;
    public readonly Events $events;
    public readonly Disputes $disputes;

    private readonly Transport $transport;

    /**
     * @param string $secret the text shown once when the key was created, used as is (never base64-decoded)
     * @param float $timeout seconds to wait for an answer before a network_error
     */
    public function __construct(string $baseUrl, string $keyId, string $secret, float $timeout = 30.0)
    {
        $this->transport = new Transport($baseUrl, $keyId, $secret, $timeout);
        $this->refunds = new Refunds($this->transport);
        $this->sandbox = new Sandbox($this->transport);
        $this->callbacks = new Callbacks($this->transport);
        $this->transactions = new Transactions($this->transport);
        $this->events = new Events($this->transport);
        $this->disputes = new Disputes($this->transport);
    }

    /**
     * A Pix deposit: its BR Code (`qrCodeText`) and QR image (`qrCodeImage`) for your own page.
     *
     * @param array<string, mixed> $data
     * @return array<string, mixed> with `replayed`
     * @throws CashierException
     */
    public function pix(array $data): array
    {
        return $this->transport->create('/api/pix', $data);
    }

    /**
     * A deposit paid from a bank account at a unique hosted URL (`paymentInitiationUrl`).
     *
     * @param array<string, mixed> $data
     * @return array<string, mixed> with `replayed`
     * @throws CashierException
     */
    public function paymentInitiation(array $data): array
    {
        return $this->transport->create('/api/payment-initiation', $data);
    }

    /**
     * A payout to the customer by Pix key or bank account: its `transfer_id`.
     *
     * @param array<string, mixed> $data
     * @return array<string, mixed> with `replayed`
     * @throws CashierException
     */
    public function gatewayOut(array $data): array
    {
        return $this->transport->create('/api/gateway-out', $data);
    }

    /**
     * A deposit's, payout's or refund's current status: exactly one of id, transfer_id or reference.
     *
     * @param array<string, mixed> $query
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function status(array $query): array
    {
        return $this->transport->call('/api/status', $query)[1];
    }

    /**
     * Your money in your key's mode: available, reserved and pending.
     *
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function balance(): array
    {
        return $this->transport->call('/api/balance', [])[1];
    }

    /**
     * Where to send the customer for Gateway In: the data signed into the URL, valid for 60 s.
     *
     * @param array<string, mixed> $data
     */
    public function gatewayInUrl(array $data): string
    {
        return "{$this->transport->baseUrl}/direct/" . rawurlencode($this->transport->keyId) . '/' . $this->transport->sign($data);
    }

    /**
     * The raw body your callback URL received, verified: its data (event_id, type, occurred_at
     * and the event's fields). On arrival, or later from your own queue: the token expires 24 h
     * after the gateway signed it. Act once per event_id. Callbacks::verify() does the same
     * without a client.
     *
     * @return array<string, mixed>
     * @throws CashierException invalid_callback
     */
    public function verifyCallback(string $body): array
    {
        return Callbacks::verify($body, $this->transport->secret);
    }
}
