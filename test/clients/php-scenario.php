<?php

// What a merchant's code does with clients/php, required through its autoload.php from the copy
// CASHIER_PHP_CLIENT names, as a shop without Composer vendors it: e2e/clients.spec.ts runs this
// with Debian's php-cli against the running gateway. The steps of python-scenario.py, one JSON
// report the spec holds to the same expectations, and then the shop of clients/php/examples served by PHP's built-in server: its
// checkout page makes a Pix, its callback endpoint refuses a forged callback and marks the order
// paid with the real one.
//
// Run by `php -S` as a router, this file is the merchant's callback endpoint instead (the
// scenario starts it so): each body verified as it arrives, 401 when it does not verify, and
// each verified one written to RECEIVED_FILE for the scenario to read.

declare(strict_types=1);

ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');
error_reporting(E_ALL);

// The client's folder: the spec's copy, or clients/php itself when run by hand.
$CLIENT = rtrim(getenv('CASHIER_PHP_CLIENT') ?: __DIR__ . '/../../clients/php', '/');
require "{$CLIENT}/autoload.php";

use Cashier\CashierException;
use Cashier\Client;

[$URL, $KEY_ID, $SECRET] = [getenv('CASHIER_URL'), getenv('CASHIER_KEY_ID'), getenv('CASHIER_SECRET')];
$cashier = new Client($URL, $KEY_ID, $SECRET);

if (PHP_SAPI === 'cli-server') {
    $body = (string) file_get_contents('php://input');
    try {
        $line = json_encode(['data' => $cashier->verifyCallback($body), 'body' => $body], JSON_THROW_ON_ERROR) . "\n";
        file_put_contents(getenv('RECEIVED_FILE'), $line, FILE_APPEND | LOCK_EX);
        http_response_code(200);
    } catch (CashierException) {
        http_response_code(401);
    }
    return;
}

$REFERENCE = getenv('REFERENCE');
$report = [];

function step(string $name, mixed $value): void
{
    global $report;
    $report[$name] = $value;
    fwrite(STDERR, "{$name}: " . json_encode($value, JSON_UNESCAPED_SLASHES) . "\n");
}

/** `php -S` on this port with these arguments, once it says it listens; its output in $log. */
function serve(int $port, array $arguments, array $env, string $log)
{
    $process = proc_open(
        [PHP_BINARY, '-S', "127.0.0.1:{$port}", ...$arguments],
        [0 => ['file', '/dev/null', 'r'], 1 => ['file', $log, 'a'], 2 => ['file', $log, 'a']],
        $pipes,
        null,
        $env,
    );
    if ($process === false) {
        throw new RuntimeException("php -S on {$port} did not start");
    }
    // It says "Development Server (http://…) started" once listening, and exits when the port is taken.
    for ($deadline = microtime(true) + 10; microtime(true) < $deadline; usleep(50_000)) {
        if (!proc_get_status($process)['running']) {
            break;
        }
        if (preg_match('/Development Server \S+ started/', (string) file_get_contents($log)) === 1) {
            return $process;
        }
    }
    proc_terminate($process);
    proc_close($process);
    throw new RuntimeException("php -S on {$port} is not listening:\n" . file_get_contents($log));
}

function freePort(): int
{
    $server = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($server, false), ':'), 1);
    fclose($server);
    return $port;
}

/**
 * A plain HTTP request, redirects not followed: status, headers (lowercase names) and body.
 *
 * @return array{status: int, headers: array<string, string>, body: string}
 */
function http(string $method, string $url, ?string $body = null, string $contentType = 'application/json'): array
{
    $options = ['method' => $method, 'ignore_errors' => true, 'follow_location' => 0, 'timeout' => 30];
    if ($body !== null) {
        $options += ['header' => "Content-Type: {$contentType}\r\n", 'content' => $body];
    }
    $stream = fopen($url, 'rb', false, stream_context_create(['http' => $options]));
    if ($stream === false) {
        throw new RuntimeException("{$method} {$url}: no answer");
    }
    $text = (string) stream_get_contents($stream);
    $status = 0;
    $headers = [];
    foreach (stream_get_meta_data($stream)['wrapper_data'] as $line) {
        if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $match) === 1) {
            $status = (int) $match[1];
        } elseif (str_contains($line, ':')) {
            [$name, $value] = explode(':', $line, 2);
            $headers[strtolower($name)] = trim($value);
        }
    }
    fclose($stream);
    return ['status' => $status, 'headers' => $headers, 'body' => $text];
}

$scratch = sys_get_temp_dir() . '/cashier-php-scenario-' . bin2hex(random_bytes(4));
mkdir($scratch);
$received = "{$scratch}/received.jsonl";
touch($received);
$servers = [];

/**
 * The callback of this event once it has come `times` times (a resend brings it again).
 *
 * @return array{data: array<string, mixed>, body: string}
 */
function callbackOf(string $eventId, int $times = 1): array
{
    global $received;
    for ($deadline = microtime(true) + 20; microtime(true) < $deadline; usleep(100_000)) {
        // A line being written as it is read does not decode yet: the next round reads it whole.
        $callbacks = array_values(array_filter(
            array_map(static fn (string $line): mixed => json_decode($line, true), file($received, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES)),
            static fn (mixed $callback): bool => is_array($callback) && $callback['data']['event_id'] === $eventId,
        ));
        if (count($callbacks) >= $times) {
            return $callbacks[0];
        }
    }
    throw new RuntimeException("no callback {$eventId} within 20 s");
}

function refusalOf(callable $call): array
{
    try {
        $call();
    } catch (CashierException $error) {
        return [
            'status' => $error->status,
            'type' => $error->type,
            'fields' => array_map(static fn (array $field): string => $field['path'], $error->fields),
            'has_cause' => $error->getPrevious() !== null,
        ];
    }
    throw new RuntimeException('expected a CashierException');
}

/** The body with its token's signature replaced: what someone without the key could send. */
function forge(string $body): string
{
    return preg_replace('/\.[\w-]+"/', '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"', $body, 1);
}

// The fields every operation's data shares, as the spec hands them.
$customer = json_decode(getenv('CUSTOMER'), true);

try {
    $servers[] = serve((int) getenv('CALLBACK_PORT'), [__FILE__], getenv() + ['RECEIVED_FILE' => $received], "{$scratch}/callbacks.log");

    $order = [...$customer, 'amount' => '10.50', 'reference' => "{$REFERENCE}-pix"];
    $deposit = $cashier->pix($order);
    step('created', [
        'replayed' => $deposit['replayed'],
        'is_deposit' => str_starts_with($deposit['id'], 'dep_'),
        'amount' => $deposit['amount'],
        'status' => $deposit['status'],
    ]);
    $again = $cashier->pix($order);
    step('replayed', ['replayed' => $again['replayed'], 'same_deposit' => $again['id'] === $deposit['id']]);
    step('status', ['status' => $cashier->status(['id' => $deposit['id']])['status']]);

    $simulated = $cashier->sandbox->simulate(['id' => $deposit['id'], 'outcome' => 'paid']);
    step('simulated', ['status' => $simulated['status']]);
    $paid = callbackOf($simulated['event_id']);
    step('callback', [
        'type' => $paid['data']['type'],
        'same_deposit' => ($paid['data']['id'] ?? null) === $deposit['id'],
        'status' => $paid['data']['status'] ?? null,
        'amount' => $paid['data']['amount'] ?? null,
    ]);
    $tested = $cashier->callbacks->test();
    step('test_callback', ['delivered' => $tested['delivered'], 'type' => callbackOf($tested['event_id'])['data']['type']]);

    $refund = $cashier->refunds->create(['id' => $deposit['id'], 'amount' => '5.00']);
    $refundAgain = $cashier->refunds->create(['id' => $deposit['id'], 'amount' => '5.00']);
    step('refund', [
        'replayed' => $refund['replayed'],
        'status' => $refund['status'],
        'replay' => ['replayed' => $refundAgain['replayed'], 'same_refund' => $refundAgain['id'] === $refund['id']],
    ]);
    $payout = $cashier->gatewayOut([
        ...$customer, 'amount' => '1.00', 'reference' => "{$REFERENCE}-out", 'paymentMethod' => 'pix', 'pix_key' => '52998224725',
    ]);
    $payoutStatus = $cashier->status(['transfer_id' => $payout['transfer_id']]);
    step('payout', ['replayed' => $payout['replayed'], 'status' => $payoutStatus['status'], 'amount' => $payoutStatus['amount']]);
    $initiation = $cashier->paymentInitiation([
        ...$customer,
        'amount' => '20,00',
        'reference' => "{$REFERENCE}-pi",
        'successRedirectUrl' => 'https://shop.example.com/paid',
        'failedRedirectUrl' => 'https://shop.example.com/failed',
    ]);
    step('payment_initiation', [
        'replayed' => $initiation['replayed'],
        'hosted' => str_contains($initiation['paymentInitiationUrl'], '/pay/'),
        'amount' => $initiation['amount'],
    ]);
    $balance = $cashier->balance();
    step('balance', ['mode' => $balance['mode'], 'currency' => $balance['currency']]);
    $listed = $cashier->transactions->list(['reference' => "{$REFERENCE}-pix"]);
    $types = array_map(static fn (array $transaction): string => $transaction['type'], $listed['transactions']);
    sort($types);
    step('transactions', ['types' => $types]);
    $events = $cashier->events->list(['transaction_id' => $deposit['id']]);
    $paidDelivered = false;
    foreach ($events['events'] as $event) {
        $paidDelivered = $paidDelivered || ($event['event_id'] === $simulated['event_id'] && $event['status'] === 'delivered');
    }
    step('events', ['paid_delivered' => $paidDelivered]);
    $cashier->events->resend(['event_id' => $simulated['event_id']]);
    step('resent', ['received_again' => callbackOf($simulated['event_id'], 2)['data']['type']]);

    // The payer contests the paid deposit (MED): a dispute that holds what the refund left of it.
    $disputed = $cashier->sandbox->simulate(['id' => $deposit['id'], 'outcome' => 'disputed']);
    $disputes = $cashier->disputes->list(['deposit_id' => $deposit['id']]);
    $opened = callbackOf($disputed['event_id'])['data'];
    $answer = [
        'id' => $disputed['dispute_id'],
        'decision' => 'contest',
        'justification' => "The order was delivered to the payer's address; the signed receipt is on file.",
    ];
    $answered = $cashier->disputes->respond($answer);
    step('dispute', [
        'listed' => array_map(static fn (array $dispute): array => [
            'same_dispute' => $dispute['id'] === $disputed['dispute_id'],
            'status' => $dispute['status'],
            'held' => $dispute['held'],
        ], $disputes['disputes']),
        'opened' => ['type' => $opened['type'], 'status' => $opened['status'] ?? null],
        'answered' => ['status' => $answered['status'], 'decision' => $answered['decision'], 'held' => $answered['held']],
    ]);
    step('dispute_again', refusalOf(static fn () => $cashier->disputes->respond($answer)));

    $link = http('GET', $cashier->gatewayInUrl([...$customer, 'reference' => "{$REFERENCE}-in"]));
    step('gateway_in', ['http_status' => $link['status'], 'to_payment' => str_contains($link['headers']['location'] ?? '', '/pay/')]);

    step('refused', refusalOf(static fn () => $cashier->gatewayOut(
        [...$customer, 'amount' => '1', 'reference' => "{$REFERENCE}-bad", 'paymentMethod' => 'bradesco'],
    )));
    step('wrong_secret', refusalOf(static fn () => (new Client($URL, $KEY_ID, 'not-the-secret'))->status(['id' => $deposit['id']])));
    step('not_json', refusalOf(static fn () => (new Client(getenv('HTML_URL'), $KEY_ID, $SECRET))->status(['id' => $deposit['id']])));
    step('unreachable', refusalOf(static fn () => (new Client('http://127.0.0.1:1', $KEY_ID, $SECRET))->status(['id' => $deposit['id']])));
    step('forged_callback', refusalOf(static fn () => $cashier->verifyCallback(forge($paid['body']))));

    // The shop of clients/php/examples under PHP's built-in server: a customer checks out, the
    // gateway's deposit.paid (forwarded from this scenario's endpoint, the merchant's callback URL)
    // marks the order paid, once; a forged one is refused and changes nothing.
    $shopPort = freePort();
    $shop = "http://127.0.0.1:{$shopPort}";
    $servers[] = serve(
        $shopPort,
        ['-t', "{$CLIENT}/examples"],
        getenv() + ['SHOP_ORDERS_FILE' => "{$scratch}/orders.json"],
        "{$scratch}/shop.log",
    );
    $statusOf = static function (string $orderId) use ($shop): ?string {
        $page = http('GET', "{$shop}/checkout.php?order=" . rawurlencode($orderId));
        return preg_match('/data-status="([^"]*)"/', $page['body'], $match) === 1 ? $match[1] : null;
    };
    $form = http('GET', "{$shop}/checkout.php");
    if ($form['status'] !== 200 || !str_contains($form['body'], '<form method="post">')) {
        throw new RuntimeException("the checkout form did not show (HTTP {$form['status']}):\n{$form['body']}");
    }
    $page = http('POST', "{$shop}/checkout.php", http_build_query([
        'name' => $customer['name'],
        'email' => $customer['email'],
        'cpf' => $customer['cpf'],
    ]), 'application/x-www-form-urlencoded');
    if (preg_match('/id="order">([^<]+)</', $page['body'], $match) !== 1) {
        throw new RuntimeException("the checkout page names no order (HTTP {$page['status']}):\n{$page['body']}");
    }
    $orderId = html_entity_decode($match[1], ENT_QUOTES);
    $shown = [
        'http_status' => $page['status'],
        // A BR Code: its format indicator first, its CRC last (the merchant's name within has spaces).
        'br_code' => preg_match('~<textarea id="pix"[^>]*>000201[^<]*6304[0-9A-F]{4}</textarea>~', $page['body']) === 1,
        'qr_image' => str_contains($page['body'], 'src="data:image/png;base64,'),
        'order' => $statusOf($orderId),
    ];
    $orderDeposit = $cashier->status(['reference' => $orderId]);
    $orderPaid = callbackOf($cashier->sandbox->simulate(['id' => $orderDeposit['id'], 'outcome' => 'paid'])['event_id']);
    $forged = http('POST', "{$shop}/callback.php", forge($orderPaid['body']));
    $afterForged = $statusOf($orderId);
    $delivered = http('POST', "{$shop}/callback.php", $orderPaid['body']);
    $afterPaid = $statusOf($orderId);
    $repeated = http('POST', "{$shop}/callback.php", $orderPaid['body']);
    step('checkout', [
        'page' => $shown,
        'amount' => $orderDeposit['amount'],
        'forged' => ['http_status' => $forged['status'], 'order' => $afterForged],
        'paid' => ['http_status' => $delivered['status'], 'order' => $afterPaid],
        'repeated' => ['http_status' => $repeated['status'], 'answer' => trim($repeated['body'])],
    ]);
} catch (Throwable $error) {
    foreach (glob("{$scratch}/*.log") as $log) {
        fwrite(STDERR, "--- {$log}\n" . file_get_contents($log));
    }
    throw $error;
} finally {
    foreach ($servers as $server) {
        proc_terminate($server);
        proc_close($server);
    }
    array_map('unlink', glob("{$scratch}/*"));
    rmdir($scratch);
}
echo json_encode($report, JSON_UNESCAPED_SLASHES), "\n";
