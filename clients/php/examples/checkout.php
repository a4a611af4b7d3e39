<?php

// The shop's checkout, as a WooCommerce payment method does it: GET shows the order form; POST
// creates the order, asks Cashier for a Pix deposit with the order's number as its reference, and
// shows the QR code and its "copia e cola" text; GET ?order=… shows the order's status, which
// callback.php changes when the gateway says the deposit was paid.
//
//     CASHIER_URL=… CASHIER_KEY_ID=… CASHIER_SECRET=… php -S 127.0.0.1:8080 -t clients/php/examples

declare(strict_types=1);

require __DIR__ . '/shop.php';

use Cashier\CashierException;

const SHOP_STATUS_WORDS = [
    'pending' => 'Aguardando pagamento',
    'paid' => 'Pago',
    'failed' => 'Não pago',
    'on-hold' => 'Em análise',
];

$product = shop_escape(SHOP_PRODUCT['name']);
$price = shop_brl(SHOP_PRODUCT['amount']);

// The order's page: its status, refreshed every 5 s until the payment settles.
$orderId = $_GET['order'] ?? null;
if (is_string($orderId)) {
    $order = shop_order($orderId);
    if ($order === null) {
        shop_page('Pedido não encontrado', '<p>Pedido não encontrado.</p>', 404);
        return;
    }
    $id = shop_escape($orderId);
    $status = shop_escape($order['status']);
    $words = shop_escape(SHOP_STATUS_WORDS[$order['status']] ?? $order['status']);
    $amount = shop_brl($order['amount']);
    shop_page("Pedido {$id}", <<<HTML
        <h1>Pedido <span id="order">{$id}</span></h1>
        <p>{$product}: {$amount}</p>
        <p>Situação: <strong id="status" data-status="{$status}">{$words}</strong></p>
        HTML, 200, $order['status'] === 'pending');
    return;
}

// The form.
if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
    shop_page('Finalizar compra', <<<HTML
        <h1>Finalizar compra</h1>
        <p>{$product}: {$price}</p>
        <form method="post">
          <p><label>Nome completo<br><input name="name" required autocomplete="name"></label></p>
          <p><label>E-mail<br><input name="email" type="email" required autocomplete="email"></label></p>
          <p><label>CPF<br><input name="cpf" required inputmode="numeric"></label></p>
          <p><button>Pagar com Pix</button></p>
        </form>
        HTML);
    return;
}

// The order, then its Pix. The order's number is the deposit's reference: the callback names it.
$customer = [];
foreach (['name', 'email', 'cpf'] as $field) {
    $customer[$field] = is_string($_POST[$field] ?? null) ? trim($_POST[$field]) : '';
}
$orderId = 'pedido-' . date('YmdHis') . '-' . bin2hex(random_bytes(3));
shop_update_orders(static function (array &$store) use ($orderId, $customer): void {
    $store['orders'][$orderId] = [
        'status' => 'pending',
        'amount' => SHOP_PRODUCT['amount'],
        'email' => $customer['email'],
        'created_at' => date(DATE_ATOM),
    ];
});
try {
    $deposit = shop_client()->pix($customer + [
        'amount' => SHOP_PRODUCT['amount'],
        'currency' => 'BRL',
        'country' => 'BR',
        'buyer_ip' => $_SERVER['REMOTE_ADDR'] ?? '127.0.0.1',
        'merchant_user' => $customer['email'],
        'reference' => $orderId,
    ]);
} catch (CashierException $error) {
    // validation_failed names each field to fix; anything else is ours to look at, not the customer's.
    error_log("checkout {$orderId}: {$error->getMessage()}");
    $fixes = array_map(
        static fn (array $field): string => '<li>' . shop_escape("{$field['path']}: {$field['message']}") . '</li>',
        $error->type === 'validation_failed' ? $error->fields : [],
    );
    shop_update_orders(static function (array &$store) use ($orderId): void {
        $store['orders'][$orderId]['status'] = 'failed';
    });
    shop_page('Pix indisponível', '<h1>Não foi possível gerar o Pix</h1>'
        . ($fixes === [] ? '' : '<ul>' . implode('', $fixes) . '</ul>')
        . '<p><a href="checkout.php">Tentar de novo</a></p>', $error->type === 'validation_failed' ? 422 : 502);
    return;
}
shop_update_orders(static function (array &$store) use ($orderId, $deposit): void {
    $store['orders'][$orderId]['deposit_id'] = $deposit['id'];
});

$id = shop_escape($orderId);
$link = shop_escape('checkout.php?order=' . rawurlencode($orderId));
$image = shop_escape($deposit['qrCodeImage']);
$text = shop_escape($deposit['qrCodeText']);
$amount = shop_brl($deposit['amount']);
$expires = shop_escape($deposit['expires_at']);
shop_page("Pague o pedido {$id} com Pix", <<<HTML
    <h1>Pedido <span id="order">{$id}</span></h1>
    <p>{$product}: {$amount}. Pague com o app do seu banco até <time>{$expires}</time>.</p>
    <p><img src="{$image}" alt="QR code do Pix" width="240" height="240"></p>
    <p><label for="pix">Pix copia e cola</label><br>
    <textarea id="pix" readonly rows="5" cols="40">{$text}</textarea></p>
    <p><a href="{$link}">Já paguei: ver o pedido</a></p>
    HTML);
