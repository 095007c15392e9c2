/* Test-only stand-in for bcryptprimitives.dll, which Wine 8 lacks. Rust's standard library
 * takes its random bytes (HashMap seeds) from ProcessPrng in that DLL, as Windows 10 and later
 * provide it. This one forwards to RtlGenRandom (SystemFunction036 in advapi32), which Wine
 * has. Built by .ci/windows.sh into the test's Wine prefix only: never shipped.
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
