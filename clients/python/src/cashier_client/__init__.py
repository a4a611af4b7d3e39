"""The Cashier API's Python client: ``Client(base_url, key_id, secret)``, ``CashierError`` and
``to_decimal_amount`` (any of the API's forms of an amount as the client's one, "10.50").
The types of each request, answer and callback are in ``cashier_client.api_types``."""

from .api_types import ErrorDataErrorFieldsItem as FieldError
from .client import CashierError, Client, to_decimal_amount

__all__ = ["CashierError", "Client", "FieldError", "to_decimal_amount"]
