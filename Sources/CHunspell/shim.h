#ifndef TEXTSVCD_CHUNSPELL_SHIM_H
#define TEXTSVCD_CHUNSPELL_SHIM_H
#include <hunspell.h>
#endif
