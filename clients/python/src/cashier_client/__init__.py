"""The Cashier API's Python client: ``Client(base_url, key_id, secret)`` and ``CashierError``.
The types of each request, answer and callback are in ``cashier_client.api_types``."""

from .api_types import ErrorDataErrorFieldsItem as FieldError
from .client import CashierError, Client

__all__ = ["CashierError", "Client", "FieldError"]
