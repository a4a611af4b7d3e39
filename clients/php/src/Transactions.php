<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\Transport;

/** `$cashier->transactions`. */
final class Transactions
{
    /** @internal */
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Your deposits, payouts and refunds, newest first, a page at a time (next_cursor as after).
     *
     * @param array<string, mixed> $query
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function list(array $query = []): array
    {
        return $this->transport->call('/api/transactions', $query)[1];
    }
}
