// zlib, for its fast CRC-32 (ZIPFoundation checks entries with a much slower one of its own on Linux).
#include <zlib.h>
