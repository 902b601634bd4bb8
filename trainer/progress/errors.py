"""The learner store's exceptions (re-exported by `trainer.progress.store`).

Every one is a `StoreError`, itself a `trainer.errors.TrainerError`; its message is one line, and
a message about the store as a whole starts ``TRAINER_DB:`` and names the store (a path, or a
PostgreSQL URL with its password shown as ``***``).
"""

from trainer.errors import TrainerError


class StoreError(TrainerError):
    """Bad input to the learner store (an empty or unknown learner name, say), or a store that
    cannot be used (the subclasses)."""


class NotAStoreError(StoreError):
    """``TRAINER_DB`` names a file that is not a trainer store (another program's database, or
    not a database at all): the store refuses to touch it."""


class StoreUnavailableError(StoreError):
    """The store cannot be opened or reached: a ``TRAINER_DB`` URL that does not parse, a
    PostgreSQL server that refuses or drops the connection, or a store made by a newer trainer
    (its schema version is above `trainer.progress.migrations.SCHEMA_VERSION`)."""
