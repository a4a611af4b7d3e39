<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\Transport;

/** `$cashier->events`. */
final class Events
{
    /** @internal */
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Your callback events with every delivery attempt, newest first, a page at a time.
     *
     * @param array<string, mixed> $query
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function list(array $query = []): array
    {
        return $this->transport->call('/api/events', $query)[1];
    }

    /**
     * One of your callback events queued again: the same event_id and payload.
     *
     * @param array<string, mixed> $data `event_id`
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function resend(array $data): array
    {
        return $this->transport->call('/api/events/resend', $data)[1];
    }
}
