"""Django's password validators, where a message of theirs needs our own catalogue."""

from django.contrib.auth import password_validation
from django.utils.translation import ngettext


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    """Django's, its message in our catalogue too: Django 5.2 says it with `%d`, and its Simplified
    Chinese catalogue holds only the older `%(min_length)d` form, so sign-up said it in English
    there. The same words, so every other language reads as Django's."""

    def get_error_message(self):
        return (
            ngettext(
                "This password is too short. It must contain at least %d character.",
                "This password is too short. It must contain at least %d characters.",
                self.min_length,
            )
            % self.min_length
        )
