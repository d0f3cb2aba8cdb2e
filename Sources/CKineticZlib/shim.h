// zlib, which KineticZip reads zips with (inflate and CRC-32). Its headers come from Debian's
// zlib1g-dev; without them the build stops here with a message that says so.
#if __has_include(<zlib.h>)
#include <zlib.h>
#else
#error "Kinetic needs zlib's headers to build: sudo apt-get install zlib1g-dev (Debian, Ubuntu) or brew install zlib (macOS)"
#endif
