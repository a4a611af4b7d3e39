<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\Transport;

/** `$cashier->refunds`. */
final class Refunds
{
    /** @internal */
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * A refund of a paid deposit, whole or partial.
     *
     * @param array<string, mixed> $data
     * @return array<string, mixed> with `replayed`
     * @throws CashierException
     */
    public function create(array $data): array
    {
        return $this->transport->create('/api/refund', $data);
    }
}
