<?php

// What checkout.php and callback.php share: the client, the product sold, and the orders, kept in
// a JSON file (a WooCommerce shop keeps them in its database). Settings come from the environment:
// CASHIER_URL, CASHIER_KEY_ID and CASHIER_SECRET as for every client, and SHOP_ORDERS_FILE (the
// orders' file; by default in the system's temporary folder, never under the web root).

declare(strict_types=1);

require __DIR__ . '/../autoload.php';

use Cashier\Client;

/** The one product of this shop, its price in the client's one form for amounts. */
const SHOP_PRODUCT = ['name' => 'Camiseta Cashier', 'amount' => '10.50'];

function shop_env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        throw new RuntimeException("set {$name} in the environment");
    }
    return $value;
}

function shop_client(): Client
{
    return new Client(shop_env('CASHIER_URL'), shop_env('CASHIER_KEY_ID'), shop_env('CASHIER_SECRET'));
}

function shop_orders_file(): string
{
    $file = getenv('SHOP_ORDERS_FILE');
    return $file === false || $file === '' ? sys_get_temp_dir() . '/cashier-shop-orders.json' : $file;
}

/**
 * Reads the orders, lets $change modify them, and writes them back, all under one lock: two
 * callbacks (or a callback and a checkout) never overwrite each other's change.
 *
 * @template T
 * @param callable(array{orders: array<string, array<string, mixed>>, events: array<string, string>}): T $change takes the store by reference
 * @return T
 */
function shop_update_orders(callable $change): mixed
{
    $handle = fopen(shop_orders_file(), 'c+');
    if ($handle === false || !flock($handle, LOCK_EX)) {
        throw new RuntimeException('cannot open ' . shop_orders_file());
    }
    try {
        $store = json_decode((string) stream_get_contents($handle), true) ?: [];
        $store += ['orders' => [], 'events' => []];
        $result = $change($store);
        ftruncate($handle, 0);
        rewind($handle);
        fwrite($handle, json_encode($store, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR));
        fflush($handle);
        return $result;
    } finally {
        flock($handle, LOCK_UN);
        fclose($handle);
    }
}

/** @return array<string, mixed>|null */
function shop_order(string $id): ?array
{
    $handle = @fopen(shop_orders_file(), 'r');
    if ($handle === false) {
        return null;
    }
    flock($handle, LOCK_SH);
    $store = json_decode((string) stream_get_contents($handle), true);
    fclose($handle);
    return $store['orders'][$id] ?? null;
}

function shop_escape(string $text): string
{
    return htmlspecialchars($text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

/** "10.50" as a Brazilian customer reads it: R$ 10,50. */
function shop_brl(string $amount): string
{
    [$units, $cents] = explode('.', $amount);
    return 'R$ ' . number_format((int) $units, 0, ',', '.') . ',' . $cents;
}

function shop_page(string $title, string $body, int $status = 200, bool $refresh = false): void
{
    http_response_code($status);
    header('Content-Type: text/html; charset=utf-8');
    $meta = $refresh ? '<meta http-equiv="refresh" content="5">' : '';
    echo <<<HTML
        <!doctype html>
        <html lang="pt-BR">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">{$meta}
        <title>{$title}</title></head>
        <body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
        {$body}
        </body>
        </html>
        HTML;
}
