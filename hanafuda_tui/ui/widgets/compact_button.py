"""A compact Button, default or primary, styled by those rules of Button's stylesheet that such a
button uses: Button's is the longest stylesheet of Textual's widgets (five variants in two styles,
each hovered, pressed, disabled and in ANSI colours), parsed in full by the first screen that holds
one; the selector's buttons, on its first frame, need this part of it alone."""

from __future__ import annotations

from textual.widgets import Button


class CompactButton(Button, inherit_css=False):
    """A Button drawn as ``Button(label, compact=True)`` is, of the default or primary variant: its
    rules are copied from Button's, in the same order. Not styled by Button's rules (nor Widget's,
    which a button does not use): a stylesheet selects it as ``CompactButton``."""

    DEFAULT_CSS = """
    CompactButton:ansi.-style-default {
        border: tall $border-blurred;
        background: ansi_default;

        &:disabled {
            text-opacity: 1;
            text-style: bold dim;
            border: tall $border-blurred !important;
            background: ansi_default !important;
            pointer: not-allowed;
            &:hover {
                background: ansi_default;
            }
        }

        &:hover {
            background: $ansi-background;
            border: tall $border;
        }

        &.-active {
            background: $ansi-background !important;
            border: blank $background !important;
            tint: transparent;
        }

        &.-primary {
            color: $primary;
            border: tall $primary;
            background: ansi_default;
            &:hover {
                background: $ansi-background;
            }
        }
    }

    CompactButton {
        width: auto;
        min-width: 16;
        height: auto;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        pointer: pointer;

        &.-style-default {
            text-style: bold;
            color: $button-foreground;
            background: $surface;
            border: none;
            border-top: tall $surface-lighten-1;
            border-bottom: tall $surface-darken-1;

            &.-textual-compact {
                border: none !important;
            }

            &:disabled {
                text-opacity: 0.6;
                pointer: not-allowed;
            }

            &:focus {
                text-style: $button-focus-text-style;
                background-tint: $foreground 5%;
            }
            &:hover {
                border-top: tall $surface;
                background: $surface-darken-1;
            }

            &.-active {
                background: $surface;
                border-bottom: tall $surface-lighten-1;
                border-top: tall $surface-darken-1;
                tint: $background 30%;
            }

            &.-primary {
                color: $button-color-foreground;
                background: $primary;
                border-top: tall $primary-lighten-3;
                border-bottom: tall $primary-darken-3;

                &:hover {
                    background: $primary-darken-2;
                    border-top: tall $primary;
                }

                &.-active {
                    background: $primary;
                    border-bottom: tall $primary-lighten-3;
                    border-top: tall $primary-darken-3;
                }
            }
        }
    }
    """
