<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\Transport;

/** `$cashier->sandbox`. */
final class Sandbox
{
    /** @internal */
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * Move your sandbox deposit or payout to a final state (sandbox keys only).
     *
     * @param array<string, mixed> $data `id` and `outcome`
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function simulate(array $data): array
    {
        return $this->transport->call('/api/sandbox/simulate', $data)[1];
    }
}
