<?php

declare(strict_types=1);

namespace Cashier;

use Cashier\Internal\InvalidToken;
use Cashier\Internal\Jwt;
use Cashier\Internal\Transport;

/**
 * Callbacks: `Callbacks::verify($body, $secret)` checks what your callback URL received, with no
 * client needed; `$cashier->callbacks->test()` has the gateway send one now.
 */
final class Callbacks
{
    /** @internal */
    public function __construct(private readonly Transport $transport)
    {
    }

    /**
     * A signed callback of type test to your callback URL now, and how your endpoint answered
     * (`delivered`, `http_status`, `error`).
     *
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function test(): array
    {
        return $this->transport->call('/api/callbacks/test', [])[1];
    }

    /**
     * The raw body your callback URL received ({"jwt": "<token>"}), verified: its data (event_id,
     * type, occurred_at and the event's fields, amounts as "10.50"). The token must be HS256
     * signed with your secret, with header typ cashier-callback+jwt, and not expired: it expires
     * 24 h after the gateway signed it, so verify on arrival or later from your own queue (clocks
     * may differ by 30 s). Act once per event_id: a retry carries the same one.
     *
     * @param string|array<string, string> $keys your key's secret; or, while you rotate keys,
     *     secrets by key id (['mk_test_…' => 'secret', …]): the token's kid picks one, and a token
     *     with a kid not among them is refused
     * @return array<string, mixed>
     * @throws CashierException invalid_callback (status 0), the reason as getPrevious()
     */
    public static function verify(string $body, string|array $keys): array
    {
        try {
            $parsed = json_decode($body, false, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            $parsed = null;
        }
        $token = $parsed instanceof \stdClass ? $parsed->jwt ?? null : null;
        if (!is_string($token)) {
            throw new CashierException(0, 'invalid_callback', 'the body is not {"jwt": "<token>"}');
        }
        try {
            [, $claims] = Jwt::verify($token, $keys, Transport::CALLBACK_TYPE, Transport::CLOCK_TOLERANCE_SECONDS);
            if (!($claims->data ?? null) instanceof \stdClass) {
                throw new InvalidToken('the token has no data');
            }
        } catch (InvalidToken $error) {
            throw new CashierException(
                0,
                'invalid_callback',
                "the callback's token does not verify: {$error->getMessage()}",
                [],
                null,
                $error,
            );
        }
        return Amounts::inAnswer($claims->data);
    }
}
