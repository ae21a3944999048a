#!/bin/sh
# Regenerates the producer fixtures from source.html with the real producers (Debian packages
# wkhtmltopdf, chromium, libreoffice-writer-nogui, poppler-utils, fonts-wqy-zenhei). The PDFs are
# committed; tests read them and never run the producers.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# wkhtmltopdf (Qt): draws bold text twice, the second copy a fraction of a point to the right.
wkhtmltopdf --quiet source.html wkhtmltopdf.pdf

# Chromium's print to PDF (Skia).
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
  --print-to-pdf="$PWD/chromium.pdf" source.html 2>/dev/null

# LibreOffice Writer (HTML import, PDF export).
cp source.html "$work/libreoffice.html"
soffice --headless --infilter="HTML (StarWriter)" --convert-to pdf:writer_pdf_Export \
  --outdir "$work" "$work/libreoffice.html" >/dev/null 2>&1
cp "$work/libreoffice.pdf" libreoffice.pdf

# A scan of the LibreOffice page: rasterised at 150 dpi in grey, as an office scanner sends it,
# and rebuilt as an image-only PDF (no text layer: extraction reads it by OCR).
pdftoppm -r 150 -gray -png -singlefile libreoffice.pdf "$work/page"
npx tsx make-image-pdf.ts "$work/page.png" scanned.pdf
