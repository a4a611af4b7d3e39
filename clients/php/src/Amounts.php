<?php

declare(strict_types=1);

namespace Cashier;

/**
 * Amounts in one form: the client hands every amount of an answer or a callback over as a decimal
 * string with a point and two decimals ("10.50"), whatever form the operation answered (Pix
 * answers a JSON number, 10.5; Payment Initiation a decimal comma, "10,50"; the rest "10.50").
 * Compare them as strings, or in centavos: (int) str_replace('.', '', $amount).
 */
final class Amounts
{
    /**
     * The fields that hold an amount, wherever they are in an answer or a callback: `amount`
     * everywhere, a dispute's `held`, and the balance's `available`, `reserved` and `pending`.
     */
    public const FIELDS = ['amount', 'held', 'available', 'reserved', 'pending'];

    private const PATTERN = '/^(-?)(\d+)(?:[.,](\d{1,2}))?$/';

    /**
     * An amount in any of the API's forms as "10.50": 10.5, 10, "10.5", "10,50" and "10" give
     * "10.50", "10.50", "10.50", "10.50" and "10.00".
     *
     * @throws \InvalidArgumentException when it is none of those forms
     */
    public static function toDecimal(int|float|string $amount): string
    {
        $decimal = self::decimalOf($amount);
        if ($decimal === null) {
            throw new \InvalidArgumentException(sprintf('%s is not an amount in reais', var_export($amount, true)));
        }
        return $decimal;
    }

    /**
     * A decoded answer or callback as PHP arrays, each amount field that holds an amount as
     * "10.50"; anything else is left as it came.
     *
     * @internal
     */
    public static function inAnswer(mixed $value): mixed
    {
        if ($value instanceof \stdClass) {
            $value = get_object_vars($value);
        }
        if (!is_array($value)) {
            return $value;
        }
        foreach ($value as $key => $item) {
            $value[$key] = is_string($key) && in_array($key, self::FIELDS, true) && (is_int($item) || is_float($item) || is_string($item))
                ? self::decimalOf($item) ?? $item
                : self::inAnswer($item);
        }
        return $value;
    }

    private static function decimalOf(int|float|string $amount): ?string
    {
        if (is_int($amount)) {
            return $amount . '.00';
        }
        if (is_float($amount)) {
            if (!is_finite($amount)) {
                return null;
            }
            // Centavos are exact in a float far beyond any amount (2^53 of them), so rounding to two
            // decimals gives back the decimal the gateway wrote.
            $decimal = number_format($amount, 2, '.', '');
            return $decimal === '-0.00' ? '0.00' : $decimal;
        }
        if (preg_match(self::PATTERN, $amount, $parts) !== 1) {
            return null;
        }
        return $parts[1] . $parts[2] . '.' . str_pad($parts[3] ?? '', 2, '0');
    }
}
