<?php

declare(strict_types=1);

namespace Cashier\Internal;

use Cashier\Amounts;
use Cashier\CashierException;

/**
 * Signs a request, posts it with PHP's own HTTP streams (no curl) and verifies the answer: what
 * every operation of the client does.
 *
 * @internal
 */
final class Transport
{
    // The gateway accepts clocks 30 s apart: the client allows the same 30 s either way on the
    // answers (signed for 60 s) and the callbacks (signed for a day) it verifies.
    public const CLOCK_TOLERANCE_SECONDS = 30;
    public const REQUEST_LIFETIME_SECONDS = 60;
    public const RESPONSE_TYPE = 'cashier-response+jwt';
    public const CALLBACK_TYPE = 'cashier-callback+jwt';
    public const VERSION = '0.1.0';

    public readonly string $baseUrl;

    public function __construct(
        string $baseUrl,
        public readonly string $keyId,
        public readonly string $secret,
        public readonly float $timeout,
    ) {
        // PHP's fopen opens any stream it is given: only an http(s) address may reach it.
        if (preg_match('~^https?://[^/]~i', $baseUrl) !== 1) {
            throw new \InvalidArgumentException("the gateway's address must be http:// or https://, not {$baseUrl}");
        }
        $this->baseUrl = rtrim($baseUrl, '/');
    }

    /**
     * A request token: HS256, the key id as kid, iat now, exp 60 s later and the data, as the
     * Python client signs it. An empty $data is sent as {}.
     *
     * @param array<string, mixed> $data
     */
    public function sign(array $data): string
    {
        $now = time();
        return Jwt::sign(
            ['alg' => 'HS256', 'typ' => 'JWT', 'kid' => $this->keyId],
            ['iat' => $now, 'exp' => $now + self::REQUEST_LIFETIME_SECONDS, 'data' => $data === [] ? new \stdClass() : $data],
            $this->secret,
        );
    }

    /**
     * The operation's answer: its code (the HTTP status) and its data, amounts as "10.50".
     *
     * @param array<string, mixed> $data
     * @return array{0: int, 1: array<string, mixed>}
     * @throws CashierException
     */
    public function call(string $path, array $data): array
    {
        $where = "POST {$this->baseUrl}{$path}";
        [$status, $contentType, $raw] = $this->post($this->baseUrl . $path, Jwt::json(['jwt' => $this->sign($data)]), $where);

        $invalid = static fn (string $why, ?\Throwable $previous = null): CashierException =>
            new CashierException($status, 'invalid_response', "{$where}: {$why}", [], null, $previous);
        try {
            $body = json_decode($raw, false, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            $body = null;
        }
        if (!$body instanceof \stdClass) {
            $excerpt = substr(trim((string) preg_replace('/\s+/', ' ', $raw)), 0, 200);
            $kind = $contentType ?? 'no content type';
            throw $invalid("the answer is not the gateway's JSON (HTTP {$status}, {$kind}): {$excerpt}");
        }
        $token = $body->jwt ?? null;
        if (!is_string($token)) {
            throw self::problemError($status, $body) ?? $invalid("the answer has neither a jwt nor a problem's detail");
        }
        try {
            [, $claims] = Jwt::verify($token, $this->secret, self::RESPONSE_TYPE, self::CLOCK_TOLERANCE_SECONDS);
        } catch (InvalidToken $error) {
            throw $invalid("the answer's token does not verify with this key: {$error->getMessage()}", $error);
        }
        $code = $claims->code ?? null;
        $answer = $claims->data ?? null;
        if (!is_int($code) || !$answer instanceof \stdClass) {
            throw $invalid("the answer's token has no code or data");
        }
        $refusal = $answer->error ?? null;
        if ($refusal instanceof \stdClass) {
            $fields = Amounts::inAnswer($refusal->fields ?? []);
            throw new CashierException(
                $code,
                (string) ($refusal->type ?? ''),
                (string) ($refusal->detail ?? ''),
                is_array($fields) ? array_values($fields) : [],
                is_string($refusal->title ?? null) ? $refusal->title : null,
            );
        }
        return [$code, Amounts::inAnswer($answer)];
    }

    /**
     * A creating operation's answer with `replayed`: the gateway answers 200 instead of 201 when
     * the request repeats an earlier one (the same reference and data): it created nothing and
     * answered the original.
     *
     * @param array<string, mixed> $data
     * @return array<string, mixed>
     * @throws CashierException
     */
    public function create(string $path, array $data): array
    {
        [$code, $answer] = $this->call($path, $data);
        $answer['replayed'] = $code === 200;
        return $answer;
    }

    /**
     * The answer's HTTP status, content type and body, whatever the status; a network_error when
     * none came.
     *
     * @return array{0: int, 1: ?string, 2: string}
     * @throws CashierException
     */
    private function post(string $url, string $body, string $where): array
    {
        $context = stream_context_create(['http' => [
            'method' => 'POST',
            'header' => implode("\r\n", [
                'Content-Type: application/json',
                'Accept: application/json',
                'Connection: close',
                'User-Agent: cashier-php/' . self::VERSION . ' PHP/' . PHP_VERSION,
            ]) . "\r\n",
            'content' => $body,
            'protocol_version' => 1.1,
            // A 4xx or 5xx is an answer all the same; a redirect is not the gateway's.
            'ignore_errors' => true,
            'follow_location' => 0,
            'timeout' => $this->timeout,
        ]]);
        $warning = null;
        set_error_handler(static function (int $severity, string $message) use (&$warning): bool {
            $warning ??= $message;
            return true;
        });
        $started = microtime(true);
        try {
            $stream = fopen($url, 'rb', false, $context);
            if ($stream !== false) {
                $raw = stream_get_contents($stream);
                $meta = stream_get_meta_data($stream);
                fclose($stream);
            }
        } finally {
            restore_error_handler();
        }
        $tooLate = microtime(true) - $started >= $this->timeout;
        if ($stream === false || $raw === false || ($meta['timed_out'] ?? false)) {
            // PHP says which call failed before why: "fopen(http://…): Failed to open stream: Connection refused".
            $reason = preg_replace('/^fopen\([^)]*\):\s*/', '', $warning ?? 'the answer could not be read');
            if ($tooLate || ($meta['timed_out'] ?? false)) {
                $reason = "no answer within {$this->timeout} s ({$reason})";
            }
            throw new CashierException(0, 'network_error', "{$where}: {$reason}", [], null, new \ErrorException($warning ?? $reason));
        }
        $status = 0;
        $contentType = null;
        foreach ($meta['wrapper_data'] ?? [] as $line) {
            if (!is_string($line)) {
                continue;
            }
            if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $match) === 1) {
                $status = (int) $match[1];
                $contentType = null;
            } elseif (preg_match('/^content-type:\s*(.*)$/i', $line, $match) === 1) {
                $contentType = trim($match[1]);
            }
        }
        return [$status, $contentType, $raw];
    }

    /** An unsigned answer: the gateway's problem+json (RFC 9457) when it could not accept the token. */
    private static function problemError(int $status, \stdClass $body): ?CashierException
    {
        $detail = $body->detail ?? null;
        if (!is_string($detail)) {
            return null;
        }
        // `code` is the error code; a problem without one names it at the end of its `type` link.
        $code = $body->code ?? null;
        if (!is_string($code)) {
            $link = $body->type ?? '';
            $parts = preg_split('~[#/]~', is_scalar($link) ? (string) $link : '');
            $code = (string) end($parts);
        }
        $title = $body->title ?? null;
        return $code === '' ? null : new CashierException($status, $code, $detail, [], is_string($title) ? $title : null);
    }
}
