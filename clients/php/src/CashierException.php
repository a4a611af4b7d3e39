<?php

declare(strict_types=1);

namespace Cashier;

/**
 * Every failure of a call, and a callback that does not verify.
 *
 * A refusal: `type` is the gateway's error code (the table at /docs), `status` its HTTP status,
 * `title` and `detail` the gateway's words (the detail says what to fix) and `fields` each invalid
 * field and why. Or one of the client's own types: `network_error` (no answer; `status` 0),
 * `invalid_response` (an answer that is not the gateway's, e.g. a proxy's HTML page; `status` is
 * its HTTP status) and `invalid_callback` (a callback body that does not verify; `status` 0). The
 * underlying error, when there is one, is getPrevious(); getCode() is the status too.
 */
final class CashierException extends \RuntimeException
{
    /** The client's own types, with their titles. */
    public const CLIENT_TITLES = [
        'network_error' => 'No answer from the gateway',
        'invalid_response' => 'An answer that is not the gateway\'s',
        'invalid_callback' => 'A callback that does not verify',
    ];

    /** The gateway's title of the code ("Signature does not match"), or the client's own. */
    public readonly string $title;

    /**
     * @param list<array{path: string, message: string}> $fields
     */
    public function __construct(
        public readonly int $status,
        public readonly string $type,
        public readonly string $detail,
        public readonly array $fields = [],
        ?string $title = null,
        ?\Throwable $previous = null,
    ) {
        $this->title = $title ?? self::CLIENT_TITLES[$type] ?? $type;
        parent::__construct("{$type}: {$detail}", $status, $previous);
    }
}
