<?php

// For use without Composer: `require '/path/to/clients/php/autoload.php';` loads the Cashier\
// classes from src/ on first use, as Composer's PSR-4 autoloader would.

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'Cashier\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
