<?php

// The shop's callback URL (set it in the console's settings, or `merchant create --callback-url`):
// the gateway POSTs {"jwt": "<token>"} signed with the shop's key. A body that does not verify is
// answered 401 and changes nothing; a verified deposit.paid marks its order paid, once per
// event_id (a retry or a resend repeats it), after checking the amount is the order's. Any 2xx
// tells the gateway to stop; anything else is retried.

declare(strict_types=1);

require __DIR__ . '/shop.php';

use Cashier\Callbacks;
use Cashier\CashierException;

if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
    header('Allow: POST');
    http_response_code(405);
    return;
}

try {
    // Secrets by key id: the token's kid picks one, so a second key can sign while you rotate.
    $event = Callbacks::verify((string) file_get_contents('php://input'), [
        shop_env('CASHIER_KEY_ID') => shop_env('CASHIER_SECRET'),
    ]);
} catch (CashierException $error) {
    error_log("callback refused: {$error->getMessage()}");
    http_response_code(401);
    return;
}

$outcome = shop_update_orders(static function (array &$store) use ($event): string {
    if (isset($store['events'][$event['event_id']])) {
        return 'already handled';
    }
    $store['events'][$event['event_id']] = $event['type'];
    $reference = $event['reference'] ?? null;
    if (!str_starts_with($event['type'], 'deposit.') || !is_string($reference) || !isset($store['orders'][$reference])) {
        return 'nothing to do'; // a test, a payout's, a refund's or a dispute's callback, or no order of ours
    }
    $order = &$store['orders'][$reference];
    $order['deposit_id'] = $event['id'];
    if ($event['type'] === 'deposit.paid') {
        // Amounts come as "10.50" from every operation and callback: compare them as strings.
        $order['status'] = $event['amount'] === $order['amount'] ? 'paid' : 'on-hold';
        $order['paid_at'] = $event['occurred_at'];
    } elseif ($order['status'] === 'pending') {
        $order['status'] = 'failed'; // deposit.failed or deposit.expired
    }
    return "order {$reference} {$order['status']}";
});

header('Content-Type: text/plain; charset=utf-8');
echo $outcome, "\n";
