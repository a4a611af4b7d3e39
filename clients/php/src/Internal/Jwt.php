<?php

declare(strict_types=1);

namespace Cashier\Internal;

/**
 * HS256 compact JWS by hand (hash_hmac, hash_equals, base64url), checked as the Python client's
 * PyJWT checks the answers and callbacks it verifies: alg HS256, the signature, iat and exp
 * present, iat and nbf not in the future and exp not past (each with the leeway), no aud, and the
 * header's typ.
 *
 * @internal
 */
final class Jwt
{
    /**
     * A signed token: the header and claims as JSON, in that order.
     *
     * @param array<string, mixed> $header
     * @param array<string, mixed> $claims
     */
    public static function sign(array $header, array $claims, string $secret): string
    {
        $input = self::base64url(self::json($header)) . '.' . self::base64url(self::json($claims));
        return $input . '.' . self::base64url(hash_hmac('sha256', $input, $secret, true));
    }

    /**
     * The token's header and claims once it verifies, as decoded JSON objects; InvalidToken says
     * why it does not.
     *
     * @param string|array<string, string> $keys the secret, or secrets by key id (the header's kid picks one)
     * @return array{0: \stdClass, 1: \stdClass}
     */
    public static function verify(string $token, string|array $keys, string $type, int $leeway, ?int $now = null): array
    {
        $segments = explode('.', $token);
        if (count($segments) !== 3) {
            throw new InvalidToken('the token is not three segments separated by dots');
        }
        [$headerSegment, $claimsSegment, $signatureSegment] = $segments;
        $header = self::decodeObject($headerSegment, 'header');
        if (($header->alg ?? null) !== 'HS256') {
            throw new InvalidToken('the token\'s alg is not HS256');
        }
        if (property_exists($header, 'kid') && !is_string($header->kid)) {
            throw new InvalidToken('the token\'s kid is not a string');
        }
        if (is_array($keys)) {
            $kid = $header->kid ?? null;
            if (!is_string($kid) || !array_key_exists($kid, $keys)) {
                throw new InvalidToken(
                    is_string($kid) ? "the token's kid \"{$kid}\" is none of the given keys" : 'the token has no kid',
                );
            }
            $secret = $keys[$kid];
        } else {
            $secret = $keys;
        }
        $expected = hash_hmac('sha256', $headerSegment . '.' . $claimsSegment, $secret, true);
        if (!hash_equals($expected, self::base64urlDecode($signatureSegment, 'signature'))) {
            throw new InvalidToken('the signature does not match: not signed with this key');
        }
        $claims = self::decodeObject($claimsSegment, 'claims');

        $now ??= time();
        foreach (['iat', 'exp'] as $required) {
            if (!isset($claims->{$required})) {
                throw new InvalidToken("the token has no {$required} claim");
            }
        }
        foreach (['iat', 'nbf', 'exp'] as $time) {
            if (isset($claims->{$time}) && !is_int($claims->{$time}) && !is_float($claims->{$time})) {
                throw new InvalidToken("the token's {$time} is not a number of seconds");
            }
        }
        if ($claims->iat > $now + $leeway) {
            throw new InvalidToken('the token is not yet valid (iat is in the future)');
        }
        if (isset($claims->nbf) && $claims->nbf > $now + $leeway) {
            throw new InvalidToken('the token is not yet valid (nbf is in the future)');
        }
        if ($claims->exp <= $now - $leeway) {
            throw new InvalidToken('the token has expired');
        }
        if (self::isTruthy($claims->aud ?? null)) {
            throw new InvalidToken('the token names an audience');
        }
        // Read once the signature has verified it: the header is the gateway's own.
        if (($header->typ ?? null) !== $type) {
            throw new InvalidToken("the token's typ is not {$type}");
        }
        return [$header, $claims];
    }

    /** JSON as the gateway reads it: floats written in their shortest exact form, whatever php.ini says. */
    public static function json(mixed $value): string
    {
        $precision = ini_get('serialize_precision');
        ini_set('serialize_precision', '-1');
        try {
            return json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw new \InvalidArgumentException("the data cannot be sent as JSON: {$error->getMessage()}", 0, $error);
        } finally {
            ini_set('serialize_precision', $precision === false ? '-1' : $precision);
        }
    }

    /** As Python reads a JSON value in a condition: null, false, 0, "", [] and {} are false. */
    private static function isTruthy(mixed $value): bool
    {
        return $value instanceof \stdClass ? get_object_vars($value) !== [] : !in_array($value, [null, false, 0, 0.0, '', []], true);
    }

    public static function base64url(string $bytes): string
    {
        return rtrim(strtr(base64_encode($bytes), '+/', '-_'), '=');
    }

    private static function base64urlDecode(string $segment, string $what): string
    {
        $bytes = preg_match('/^[A-Za-z0-9_-]*$/', $segment) === 1 && strlen($segment) % 4 !== 1
            ? base64_decode(strtr($segment, '-_', '+/'), true)
            : false;
        if ($bytes === false) {
            throw new InvalidToken("the token's {$what} is not base64url");
        }
        return $bytes;
    }

    private static function decodeObject(string $segment, string $what): \stdClass
    {
        try {
            $value = json_decode(self::base64urlDecode($segment, $what), false, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw new InvalidToken("the token's {$what} is not JSON: {$error->getMessage()}", 0, $error);
        }
        if (!$value instanceof \stdClass) {
            throw new InvalidToken("the token's {$what} is not a JSON object");
        }
        return $value;
    }
}
