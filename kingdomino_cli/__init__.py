"""``kd``: the command line of the kingdomino engine."""

from kingdomino_core.i18n import package_translation

package_translation("kingdomino_cli")  # its catalogs: kingdomino_cli/locales
