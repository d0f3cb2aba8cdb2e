#!/usr/bin/env python3
# Makes the hostile zip fixtures in hostile/ (next to this script) for the Swift zip reader (Sources/KineticZip) that
# reads Apple Health exports and report libraries. Each file is a tiny "export.zip" whose entry holds a
# real, valid copy of a one-record Health export (deflated or stored), but where chosen numbers
# in the zip structures lie: zip64 sizes and offsets near 2**63 or 2**64 (which trap a Swift
# `Int(UInt64)` conversion and overflow offset arithmetic), offsets and directories past the end
# of the file, counts that do not match, a deflate stream that never ends (ZIPFoundation's inflate
# spins forever on it on Linux), 2,000 directory records sharing one local header, a file-name
# length running past the central directory, encryption, an unsupported method, and a stored
# entry whose two sizes disagree. The reader must refuse every one of them with an error, after
# bounded work: never crash, never hang, never allocate what a field claims.
#
# ok-export.zip and ok-zip64-export.zip are the positive controls: valid archives of the same
# export (the second with its sizes zip64-encoded, as some tools write them) that must be read.
#
# Every file starts with a local file header (PK\3\4), so that the reader takes its zip path.
# Output is deterministic: fixed DOS timestamp (2024-05-01 08:00:00), fixed attributes, and
# zlib level-9 raw deflate (the same bytes on every run with the same zlib; stock zlib's output
# for this input has not changed in years). Standard library only. Run:
#     python3 Tests/KineticZipTests/Fixtures/make_hostile_zips.py
# The table printed at the end lists each file and its size. All but overlapping-entries.zip
# (2,000 central directory records of at least 46 bytes each, ~110 KB) are under 2 KB.

import io
import os
import struct
import zipfile
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostile")

EXPORT = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<HealthData locale="en_US">\n'
    b' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count"'
    b' startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:10:00 +0200" value="500"/>\n'
    b'</HealthData>\n'
)
NAME = b"apple_health_export/export.xml"
CRC = zlib.crc32(EXPORT)
USIZE = len(EXPORT)


def deflate(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY)
    return c.compress(data) + c.flush()


DEFLATED = deflate(EXPORT)
CSIZE = len(DEFLATED)

DOS_TIME = (8 << 11) | (0 << 5) | (0 // 2)          # 08:00:00
DOS_DATE = ((2024 - 1980) << 9) | (5 << 5) | 1      # 2024-05-01
UNIX = 3 << 8                                        # "version made by" host: Unix
FILE_ATTRS = 0o100644 << 16                          # regular file, rw-r--r--
FF32 = 0xFFFFFFFF
FF16 = 0xFFFF


def local_header(name=NAME, *, version=20, flags=0, method=8, crc=CRC, csize=CSIZE, usize=USIZE, extra=b""):
    return struct.pack(
        "<IHHHHHIIIHH", 0x04034B50, version, flags, method, DOS_TIME, DOS_DATE,
        crc, csize, usize, len(name), len(extra),
    ) + name + extra


def central_record(name=NAME, *, version=20, flags=0, method=8, crc=CRC, csize=CSIZE, usize=USIZE,
                   offset=0, extra=b"", name_length=None):
    return struct.pack(
        "<IHHHHHHIIIHHHHHII", 0x02014B50, UNIX | version, version, flags, method, DOS_TIME, DOS_DATE,
        crc, csize, usize, len(name) if name_length is None else name_length, len(extra), 0, 0, 0,
        FILE_ATTRS, offset,
    ) + name + extra


def end_record(count, cd_size, cd_offset, *, count_on_disk=None):
    return struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, count if count_on_disk is None else count_on_disk, count,
        cd_size, cd_offset, 0,
    )


def zip64_extra(*values):
    """Extra field 0x0001: the 64-bit values in the spec's order (uncompressed size, compressed
    size, local header offset), only those whose 32-bit field is 0xFFFFFFFF."""
    return struct.pack("<HH", 0x0001, 8 * len(values)) + b"".join(struct.pack("<Q", v) for v in values)


def archive(local, data, records, *, count=None, cd_size=None, cd_offset=None, tail=None):
    """local header + data, then the central directory records, then the end record (whose
    fields default to the true ones)."""
    head = local + data
    cd = b"".join(records)
    if tail is None:
        tail = end_record(
            len(records) if count is None else count,
            len(cd) if cd_size is None else cd_size,
            len(head) if cd_offset is None else cd_offset,
        )
    return head + cd + tail


def make():
    files = {}

    # 1. Central directory: uncompressed size 0xFFFFFFFF, zip64 says 2**63 + 5; compressed size real.
    #    Local header (the spec wants both sizes in its zip64 field): same lie, compressed real.
    files["zip64-huge-uncompressed.zip"] = archive(
        local_header(version=45, csize=FF32, usize=FF32, extra=zip64_extra(2**63 + 5, CSIZE)),
        DEFLATED,
        [central_record(version=45, usize=FF32, extra=zip64_extra(2**63 + 5))],
    )

    # 2. Zip64 compressed size 2**63 + 5; uncompressed size real.
    files["zip64-huge-compressed.zip"] = archive(
        local_header(version=45, csize=FF32, usize=FF32, extra=zip64_extra(USIZE, 2**63 + 5)),
        DEFLATED,
        [central_record(version=45, csize=FF32, extra=zip64_extra(2**63 + 5))],
    )

    # 3. Bit 3 (data descriptor): the local header's CRC and sizes are 0 and a descriptor with the
    #    real values follows the data; the central directory's zip64 compressed size is 2**64 - 16.
    descriptor = struct.pack("<IIII", 0x08074B50, CRC, CSIZE, USIZE)
    files["zip64-compressed-near-2-64.zip"] = archive(
        local_header(version=45, flags=0x0008, crc=0, csize=0, usize=0),
        DEFLATED + descriptor,
        [central_record(version=45, flags=0x0008, csize=FF32, extra=zip64_extra(2**64 - 16))],
    )

    # 4. Central directory: local header offset 0xFFFFFFFF, zip64 says 2**63 + 7 (really 0).
    files["zip64-huge-offset.zip"] = archive(
        local_header(),
        DEFLATED,
        [central_record(version=45, offset=FF32, extra=zip64_extra(2**63 + 7))],
    )

    # 5. Zip64 end record (+ locator, both where they claim to be) with 1 entry, the true directory
    #    size, and directory offset 2**63 + 9 (really 30 + CSIZE + 30). Classic end record: 0xFFFF
    #    entries, 0xFFFFFFFF size and offset.
    local, record = local_header(), central_record()
    cd_offset = len(local) + CSIZE
    z64_offset = cd_offset + len(record)
    z64 = struct.pack(
        "<IQHHIIQQQQ", 0x06064B50, 44, UNIX | 45, 45, 0, 0, 1, 1, len(record), 2**63 + 9,
    )
    locator = struct.pack("<IIQI", 0x07064B50, 0, z64_offset, 1)
    files["zip64-directory-offset.zip"] = archive(
        local, DEFLATED, [record], tail=z64 + locator + end_record(FF16, FF32, FF32),
    )

    # 6. Stored, both zip64 sizes 2**63 + 3 (really USIZE).
    files["stored-huge-size.zip"] = archive(
        local_header(version=45, method=0, csize=FF32, usize=FF32, extra=zip64_extra(2**63 + 3, 2**63 + 3)),
        EXPORT,
        [central_record(version=45, method=0, csize=FF32, usize=FF32, extra=zip64_extra(2**63 + 3, 2**63 + 3))],
    )

    # 7. Central directory: local header offset 0x7FFFFFF0 (really 0), past the end of the file.
    files["offset-past-end.zip"] = archive(
        local_header(), DEFLATED, [central_record(offset=0x7FFFFFF0)],
    )

    # 8. End record: 65535 entries (on this disk and in total); the directory holds 1 record, and
    #    its size field is true (46 + 30). No zip64 locator, though 0xFFFF is the zip64 sentinel.
    files["count-lies.zip"] = archive(
        local_header(), DEFLATED, [central_record()], count=FF16,
    )

    # 9. The first half of the deflate stream (no final block end); compressed size = that half,
    #    uncompressed size and CRC the real ones.
    half = DEFLATED[: CSIZE // 2]
    files["truncated-deflate.zip"] = archive(
        local_header(csize=len(half)), half, [central_record(csize=len(half))],
    )

    # 10. One local header "e0.xml" at 0; 2,000 central directory records e0.xml … e1999.xml, all
    #     with offset 0 and the same CRC and sizes. End record: 2,000 entries, true size/offset.
    local = local_header(b"e0.xml")
    files["overlapping-entries.zip"] = archive(
        local, DEFLATED, [central_record(b"e%d.xml" % n) for n in range(2000)],
    )

    # 11. End record: the true directory offset but directory size 0x00100000 (1 MiB), so offset
    #     + size runs past the end of the file.
    files["directory-past-end.zip"] = archive(
        local_header(), DEFLATED, [central_record()], cd_size=0x00100000,
    )

    # 12. The record's file-name length is 65535 (the name is really 30 bytes); the end record's
    #     directory size is the true 46 + 30, so the name runs past the directory and the file.
    files["name-length-past-directory.zip"] = archive(
        local_header(), DEFLATED, [central_record(name_length=0xFFFF)],
    )

    # 13. General purpose flag bit 0 (encrypted) in local header and central directory; the data is
    #     the plain deflate stream.
    files["encrypted-entry.zip"] = archive(
        local_header(flags=0x0001), DEFLATED, [central_record(flags=0x0001)],
    )

    # 14. Compression method 14 (LZMA) in local header and central directory; the data is the
    #     deflate stream, version needed stays 20.
    files["unsupported-method.zip"] = archive(
        local_header(method=14), DEFLATED, [central_record(method=14)],
    )

    # 15. Stored; compressed size USIZE (true), uncompressed size 10 * USIZE, in both headers.
    files["stored-size-mismatch.zip"] = archive(
        local_header(method=0, csize=USIZE, usize=10 * USIZE),
        EXPORT,
        [central_record(method=0, csize=USIZE, usize=10 * USIZE)],
    )

    # 16. Valid, written by zipfile.
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        info = zipfile.ZipInfo(NAME.decode(), date_time=(2024, 5, 1, 8, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.create_system = 3
        info.external_attr = FILE_ATTRS
        z.writestr(info, EXPORT)
    files["ok-export.zip"] = buffer.getvalue()

    # 17. Valid, sizes zip64-encoded (true values) in local header and central directory.
    files["ok-zip64-export.zip"] = archive(
        local_header(version=45, csize=FF32, usize=FF32, extra=zip64_extra(USIZE, CSIZE)),
        DEFLATED,
        [central_record(version=45, csize=FF32, usize=FF32, extra=zip64_extra(USIZE, CSIZE))],
    )

    return files


def main():
    # The builder, told no lies, makes an archive zipfile reads back: only the numbers above lie.
    honest = archive(local_header(), DEFLATED, [central_record()])
    with zipfile.ZipFile(io.BytesIO(honest)) as z:
        assert z.testzip() is None and z.read(NAME.decode()) == EXPORT

    os.makedirs(OUT, exist_ok=True)
    files = make()
    for name, data in files.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    width = max(map(len, files))
    for name, data in files.items():
        print(f"{name:<{width}}  {len(data):>7,} bytes")
    print(f"export.xml: {USIZE} bytes, CRC-32 0x{CRC:08X}, deflated to {CSIZE} bytes")


if __name__ == "__main__":
    main()
