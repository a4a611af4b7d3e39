<?php

declare(strict_types=1);

namespace Cashier\Internal;

/**
 * Why a token did not verify: never thrown out of the client on its own, only as the previous
 * exception (getPrevious()) of the CashierException that says which token it was.
 *
 * @internal
 */
final class InvalidToken extends \RuntimeException
{
}
