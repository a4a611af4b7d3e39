<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\Transport;

/** `$cashier->disputes`. */
final class Disputes
{
    /** @internal */
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Your disputes (MED infractions against your deposits' Pix), newest first, a page at a time.
     *
     * @param array<string, mixed> $query
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function list(array $query = []): array
    {
        return $this->transport->call('/api/disputes', $query)[1];
    }

    /**
     * Your one answer to an open dispute, accept or contest, sent to the PSP: the dispute as it
     * stands after. A provider_unavailable keeps it: send the same answer again.
     *
     * @param array<string, mixed> $data `id`, `decision` and `justification`
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function respond(array $data): array
    {
        return $this->transport->call('/api/disputes/respond', $data)[1];
    }
}
