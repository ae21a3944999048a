// Runs tabula-java over a whole PDF in one JVM and prints every table as JSON with its page
// number (tabula's own CLI drops the page in JSON output). Arguments: <pdf> <auto|lattice|stream>
// [<spec.json>]. The password, if any, comes from the TRIANGULATE_PDF_PASSWORD environment
// variable so it never shows in a process list. A spec (used by the benchmarks) fixes page,
// areas, method and column positions per job, as tabula-java's own test cases do.
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.awt.geom.Point2D;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import technology.tabula.Cell;
import technology.tabula.Line;
import technology.tabula.ObjectExtractor;
import technology.tabula.Page;
import technology.tabula.PageIterator;
import technology.tabula.RectangularTextContainer;
import technology.tabula.Rectangle;
import technology.tabula.Ruling;
import technology.tabula.Table;
import technology.tabula.TextChunk;
import technology.tabula.TextElement;
import technology.tabula.detectors.NurminenDetectionAlgorithm;
import technology.tabula.extractors.BasicExtractionAlgorithm;
import technology.tabula.extractors.SpreadsheetExtractionAlgorithm;

public class TableExtractor {
  static final Gson GSON = new Gson();

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    String file = args[0];
    String mode = args.length > 1 ? args[1] : "auto";
    String password = System.getenv("TRIANGULATE_PDF_PASSWORD");
    PDDocument document;
    try {
      document = PDDocument.load(new File(file));
    } catch (Exception error) {
      System.err.println("TRIANGULATE_ERROR corrupt " + error);
      System.exit(3);
      return;
    }
    ObjectExtractor extractor;
    try {
      extractor = password == null || password.isEmpty() ? new ObjectExtractor(document) : new ObjectExtractor(document, password);
    } catch (Exception error) {
      System.err.println("TRIANGULATE_ERROR encrypted " + error);
      System.exit(4);
      return;
    }
    StringBuilder json = new StringBuilder("{\"pages\":[");
    boolean firstPage = true;
    if (args.length > 2) {
      JsonArray jobs = GSON.fromJson(new String(Files.readAllBytes(new File(args[2]).toPath()), StandardCharsets.UTF_8), JsonArray.class);
      for (JsonElement element : jobs) {
        JsonObject job = element.getAsJsonObject();
        Page page = extractor.extract(job.get("page").getAsInt());
        List<Table> tables = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        List<Page> areas = new ArrayList<>();
        if (job.has("areas")) {
          for (JsonElement area : job.getAsJsonArray("areas")) {
            JsonArray box = area.getAsJsonArray();
            areas.add(page.getArea(box.get(0).getAsFloat(), box.get(1).getAsFloat(), box.get(2).getAsFloat(), box.get(3).getAsFloat()));
          }
        } else areas.add(page);
        for (Page area : areas) {
          String method = job.get("method").getAsString();
          if (method.equals("decide")) method = new SpreadsheetExtractionAlgorithm().isTabular(area) ? "lattice" : "stream";
          if (method.equals("lattice") && job.has("columns")) {
            // Given column positions act as vertical rulings over the area's height.
            List<Ruling> rulings = new ArrayList<>(area.getRulings());
            for (JsonElement column : job.getAsJsonArray("columns")) {
              rulings.add(new Ruling(new Point2D.Float(column.getAsFloat(), area.getTop()), new Point2D.Float(column.getAsFloat(), area.getBottom())));
            }
            for (Table table : new SpreadsheetExtractionAlgorithm().extract(area, rulings)) { tables.add(splitUnruledCells(area, table)); methods.add("lattice"); }
          } else if (method.equals("lattice")) {
            for (Table table : new SpreadsheetExtractionAlgorithm().extract(area)) { tables.add(splitUnruledCells(area, table)); methods.add("lattice"); }
          } else if (job.has("columns")) {
            List<Float> columns = new ArrayList<>();
            for (JsonElement column : job.getAsJsonArray("columns")) columns.add(column.getAsFloat());
            for (Table table : new BasicExtractionAlgorithm().extract(area, columns)) { tables.add(table); methods.add("stream"); }
          } else {
            for (Table table : new BasicExtractionAlgorithm().extract(area)) { tables.add(table); methods.add("stream"); }
          }
        }
        if (!firstPage) json.append(',');
        firstPage = false;
        appendPage(json, page, tables, methods);
      }
    } else {
      PageIterator pages = extractor.extract();
      while (pages.hasNext()) {
        Page page = pages.next();
        List<Table> tables = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        try {
          extractPage(page, mode, tables, methods);
        } catch (Exception error) {
          // One unreadable page must not lose the tables of the others.
          System.err.println("TRIANGULATE_WARNING page " + page.getPageNumber() + ": " + error);
        }
        if (!firstPage) json.append(',');
        firstPage = false;
        appendPage(json, page, tables, methods);
      }
    }
    json.append("]}");
    out.println(json);
    out.flush();
    extractor.close();
  }

  // lattice: tables drawn with ruling lines. stream: areas found by the Nurminen detector, read
  // by whitespace alignment (never the whole page, which would turn every text page into a
  // "table"). auto: lattice tables first, then stream tables in detected areas that overlap no
  // lattice table.
  static void extractPage(Page page, String mode, List<Table> tables, List<String> methods) {
    List<Table> lattice = new ArrayList<>();
    if (!mode.equals("stream")) {
      for (Table table : new SpreadsheetExtractionAlgorithm().extract(page)) {
        // A ruled grid whose text tabula cannot read (a subset CJK font PDFBox maps to nothing)
        // is kept: its cells are filled from pdf.js's text layer, and an empty frame is dropped there.
        if (isRuledGrid(table)) lattice.add(mode.equals("lattice") ? splitUnruledCells(page, table) : extendToSideColumns(page, splitUnruledCells(page, table)));
      }
      for (Table table : lattice) {
        // A frame with few inner rules comes out as a few tall cells holding whole columns of
        // numbers; read by whitespace alignment inside the frame it keeps its real grid.
        if (!mode.equals("lattice") && sparselyRuled(table)) {
          float[] sides = sideTextBounds(page, table);
          List<Table> stream = streamRead(page.getArea(table.getTop() + 0.5f, sides[0] + 0.5f, table.getBottom() - 0.5f, sides[1] - 0.5f));
          if (!stream.isEmpty() && isRealTable(stream.get(0)) && columnCount(stream.get(0)) >= columnCount(table) && stream.get(0).getRows().size() > table.getRows().size()) {
            tables.add(stream.get(0));
            methods.add("stream");
            continue;
          }
        }
        tables.add(table);
        methods.add("lattice");
      }
    }
    if (mode.equals("lattice")) return;
    for (Rectangle area : new NurminenDetectionAlgorithm().detect(page)) {
      boolean overlaps = false;
      for (Table table : lattice) if (table.overlapRatio(area) > 0.1 || area.intersects(table)) overlaps = true;
      if (overlaps) continue;
      for (Table table : streamTables(page, area)) { tables.add(table); methods.add("stream"); }
    }
  }

  // The detector's areas often take in a heading or a paragraph above or below a borderless
  // table, or two tables with prose between them; the column positions then come out wrong.
  // So the area is read once, cut into runs of rows at prose rows (one long cell) and at
  // unusually large vertical gaps, runs are trimmed of single-cell rows at their ends, and each
  // remaining run is read again on its own.
  // The detector's area can cut through the words at its left and right edges ("able 8.18"
  // for "Table 8.18"), which then land in the wrong column or are lost: the area is widened
  // to take in every word it cuts.
  static Rectangle widenToWords(Page page, Rectangle area) {
    float left = area.getLeft();
    float right = area.getRight();
    // Page.getArea fails on an area without text; getText does not.
    List<TextElement> band = new ArrayList<>(page.getText(new Rectangle(area.getTop(), 0, (float) page.getWidth(), (float) area.getHeight())));
    if (band.isEmpty()) return area;
    List<TextChunk> chunks = TextElement.mergeWords(band);
    List<TextChunk> words = new ArrayList<>();
    for (TextChunk chunk : chunks) {
      List<TextElement> current = new ArrayList<>();
      for (TextElement glyph : chunk.getTextElements()) {
        if (glyph.getText().trim().isEmpty()) {
          if (!current.isEmpty()) words.add(new TextChunk(current));
          current = new ArrayList<>();
        } else current.add(glyph);
      }
      if (!current.isEmpty()) words.add(new TextChunk(current));
    }
    for (TextChunk word : words) {
      if (word.getTop() < area.getTop() - 1 || word.getBottom() > area.getBottom() + 1) continue;
      if (word.getLeft() < area.getLeft() && word.getRight() > area.getLeft() + 0.5f) left = Math.min(left, word.getLeft() - 0.5f);
      if (word.getRight() > area.getRight() && word.getLeft() < area.getRight() - 0.5f) right = Math.max(right, word.getRight() + 0.5f);
    }
    return new Rectangle(area.getTop(), left, right - left, (float) area.getHeight());
  }

  static List<Table> streamTables(Page page, Rectangle detected) {
    Rectangle area = widenToWords(page, detected);
    List<Table> result = new ArrayList<>();
    List<Table> first = new BasicExtractionAlgorithm().extract(page.getArea(area.getTop(), area.getLeft(), area.getBottom(), area.getRight()));
    if (first.isEmpty()) return result;
    List<List<RectangularTextContainer>> rows = first.get(0).getRows();
    int count = rows.size();
    float[] tops = new float[count];
    float[] bottoms = new float[count];
    int[] filled = new int[count];
    int[] longest = new int[count];
    for (int index = 0; index < count; index++) {
      tops[index] = Float.MAX_VALUE;
      bottoms[index] = -1;
      for (RectangularTextContainer cell : rows.get(index)) {
        String text = cell.getText().trim();
        if (text.isEmpty()) continue;
        filled[index]++;
        longest[index] = Math.max(longest[index], text.length());
        tops[index] = Math.min(tops[index], cell.getTop());
        bottoms[index] = Math.max(bottoms[index], cell.getBottom());
      }
    }
    List<Float> pitches = new ArrayList<>();
    int previous = -1;
    for (int index = 0; index < count; index++) {
      if (filled[index] == 0) continue;
      if (previous >= 0) pitches.add(tops[index] - tops[previous]);
      previous = index;
    }
    pitches.sort(null);
    float pitch = pitches.isEmpty() ? 0 : pitches.get(pitches.size() / 2);
    List<int[]> runs = new ArrayList<>();
    int start = -1;
    previous = -1;
    for (int index = 0; index <= count; index++) {
      boolean end = index == count;
      boolean prose = !end && filled[index] == 1 && longest[index] > 45;
      boolean gap = !end && filled[index] > 0 && previous >= 0 && pitch > 0 && tops[index] - tops[previous] > 2.5 * pitch;
      if (end || prose || gap) {
        if (start >= 0) runs.add(new int[] {start, previous});
        start = -1;
      }
      if (end || prose || filled[index] == 0) continue;
      if (start < 0) start = index;
      previous = index;
    }
    for (int[] run : runs) {
      int from = run[0];
      int to = run[1];
      while (from <= to && filled[from] < 2) from++;
      while (to >= from && filled[to] < 2) to--;
      if (to - from < 1) continue;
      float top = tops[from] - 0.5f;
      float bottom = bottoms[to] + 0.5f;
      List<Table> tables = streamRead(page.getArea(top, area.getLeft(), bottom, area.getRight()));
      // The detector tends to stop at a rule drawn under the header; a row of several cells
      // just above the run is taken in as the header.
      if (pitch > 0 && from == 0) {
        List<Table> extended = streamRead(page.getArea(top - 1.6f * pitch, area.getLeft(), bottom, area.getRight()));
        // A caption ("Table 8.18 - Leading brands") is one run of words, cut into cells only by
        // the column positions; a header row has gaps between its cells.
        List<TextElement> above = new ArrayList<>(page.getText(new Rectangle(top - 1.6f * pitch, area.getLeft(), (float) area.getWidth(), 1.6f * pitch)));
        // mergeWords fails on an empty list.
        int captionRuns = above.isEmpty() ? 0 : TextElement.mergeWords(above).size();
        if (!extended.isEmpty() && !tables.isEmpty() && extended.get(0).getRows().size() == tables.get(0).getRows().size() + 1 && filledCells(extended.get(0).getRows().get(0)) >= 2 && captionRuns >= 2) tables = extended;
      }
      for (Table table : tables) {
        if (isRealTable(table)) result.add(table);
      }
    }
    return result;
  }

  // Whitespace column finding merges two columns under one spanning group header ("White" over
  // "Male" and "Female"); the column positions are therefore taken from the rows below the first
  // quarter (at most four rows), where the body's own columns show.
  static List<Table> streamRead(Page area) {
    List<Table> plain = new BasicExtractionAlgorithm().extract(area);
    // mergeWords edits the list it is given: it gets a copy so the page's text stays whole.
    List<Line> lines = TextChunk.groupByLines(TextElement.mergeWords(new ArrayList<>(area.getText()), area.getVerticalRulings()));
    int skip = Math.min(lines.size() / 4, 4);
    if (lines.size() - skip < 2) return plain;
    List<Float> columns = BasicExtractionAlgorithm.columnPositions(lines.subList(skip, lines.size()));
    List<Float> whole = BasicExtractionAlgorithm.columnPositions(lines);
    List<Table> chosen = plain;
    // tabula's column lists repeat near-equal positions (273.59998, 273.6): count them once.
    int chosenColumns = distinct(whole);
    if (distinct(columns) > chosenColumns) {
      List<Table> split = new BasicExtractionAlgorithm().extract(area, columns);
      // Explicit columns can drop glyphs that straddle a boundary; never trade much text for
      // columns.
      if (characters(split) >= 0.98 * characters(plain)) {
        chosen = split;
        chosenColumns = distinct(columns);
      }
    }
    List<Float> voted = votedColumns(lines, area);
    if (distinct(voted) > chosenColumns) {
      List<Table> split = new BasicExtractionAlgorithm().extract(area, voted);
      if (characters(split) >= 0.98 * characters(plain)) chosen = split;
    }
    List<Table> rejoined = new ArrayList<>();
    for (Table table : chosen) rejoined.add(rejoinCutWords(table));
    return rejoined;
  }

  // Column positions cut a line that runs over two columns (a group header "Non-Hispanic white"
  // over "Male" and "Female") mid-word: "Non-Hispan" | "ic white". When a cell's last glyph and
  // the next cell's first glyph touch (a gap under a third of a glyph) on the same line, the
  // next cell's text joins this one and its own cell is left empty, as for a spanning cell.
  static Table rejoinCutWords(Table table) {
    List<List<RectangularTextContainer>> rows = table.getRows();
    boolean changed = false;
    List<List<RectangularTextContainer>> result = new ArrayList<>();
    for (List<RectangularTextContainer> row : rows) {
      List<RectangularTextContainer> cells = new ArrayList<>(row);
      for (int column = 0; column + 1 < cells.size(); column++) {
        TextElement last = edgeGlyph(cells.get(column), true);
        TextElement first = edgeGlyph(cells.get(column + 1), false);
        if (last == null || first == null) continue;
        double gap = first.getLeft() - last.getRight();
        boolean sameLine = Math.abs(first.getTop() - last.getTop()) < Math.max(2.0, last.getHeight() * 0.5);
        if (!sameLine || gap > last.getWidth() / 3 || gap < -last.getWidth()) continue;
        RectangularTextContainer left = cells.get(column);
        RectangularTextContainer right = cells.get(column + 1);
        String text = left.getText().trim() + right.getText().trim();
        cells.set(column, new SplitCell(left.getTop(), left.getLeft(), (float) (right.getRight() - left.getLeft()), (float) left.getHeight(), new ArrayList<>(), text));
        cells.set(column + 1, new SplitCell(right.getTop(), right.getLeft(), (float) right.getWidth(), (float) right.getHeight(), new ArrayList<>(), ""));
        changed = true;
      }
      result.add(cells);
    }
    if (!changed) return table;
    Table rebuilt = new Table();
    rebuilt.setRect(table);
    for (int row = 0; row < result.size(); row++) {
      for (int column = 0; column < result.get(row).size(); column++) rebuilt.add(result.get(row).get(column), row, column);
    }
    return rebuilt;
  }

  // The rightmost (or leftmost) visible glyph of a stream cell, null for an empty cell.
  static TextElement edgeGlyph(RectangularTextContainer cell, boolean rightmost) {
    TextElement best = null;
    for (Object element : cell.getTextElements()) {
      List<TextElement> glyphs = new ArrayList<>();
      if (element instanceof TextChunk) glyphs.addAll(((TextChunk) element).getTextElements());
      else if (element instanceof TextElement) glyphs.add((TextElement) element);
      for (TextElement glyph : glyphs) {
        if (glyph.getText().trim().isEmpty()) continue;
        if (best == null || (rightmost ? glyph.getRight() > best.getRight() : glyph.getLeft() < best.getLeft())) best = glyph;
      }
    }
    return best;
  }

  // tabula's column finder joins two columns as soon as one line has text across the gap
  // between them (a wide value, a header over both). Here each line votes: a column gap is a
  // stretch of at least 6 points (wider than a word space) that at most a tenth of the lines
  // (at least one) cover with a word. Returns the right edge of each column, as
  // BasicExtractionAlgorithm takes them.
  static List<Float> votedColumns(List<Line> lines, Page area) {
    List<Float> result = new ArrayList<>();
    float left = area.getLeft();
    int width = (int) Math.ceil((area.getRight() - left) * 2) + 2;
    if (width <= 2 || lines.size() < 3) return result;
    int[] cover = new int[width];
    for (Line line : lines) {
      boolean[] mark = new boolean[width];
      for (TextChunk chunk : line.getTextElements()) {
        for (TextChunk word : words(chunk)) {
          int from = Math.max(0, (int) Math.floor((word.getLeft() - left) * 2));
          int to = Math.min(width - 1, (int) Math.ceil((word.getRight() - left) * 2));
          for (int index = from; index <= to; index++) mark[index] = true;
        }
      }
      for (int index = 0; index < width; index++) if (mark[index]) cover[index]++;
    }
    int limit = Math.max(1, lines.size() / 10);
    boolean seenText = false;
    int index = 0;
    while (index < width) {
      if (cover[index] > limit) {
        seenText = true;
        index++;
        continue;
      }
      int start = index;
      while (index < width && cover[index] <= limit) index++;
      if (!seenText || index >= width || index - start < 12) continue;
      // The edge goes where the fewest lines have text (a wide value of a lone row may reach
      // into the gap), in the middle of the longest such stretch.
      int least = Integer.MAX_VALUE;
      for (int at = start; at < index; at++) least = Math.min(least, cover[at]);
      int bestFrom = start;
      int bestLength = 0;
      for (int at = start; at < index; ) {
        if (cover[at] != least) {
          at++;
          continue;
        }
        int from = at;
        while (at < index && cover[at] == least) at++;
        if (at - from > bestLength) {
          bestFrom = from;
          bestLength = at - from;
        }
      }
      result.add(left + (2 * bestFrom + bestLength) / 4.0f);
    }
    if (!result.isEmpty()) result.add(area.getRight());
    return result;
  }

  // A cell whose text tabula joins itself; used for the pieces of a cell cut at column edges.
  static class SplitCell extends Cell {
    final String text;

    SplitCell(float top, float left, float width, float height, List<TextChunk> words, String text) {
      super(top, left, width, height);
      setTextElements(words);
      this.text = text;
    }

    @Override
    public String getText() {
      return text;
    }

    @Override
    public String getText(boolean useLineReturns) {
      return text;
    }
  }

  // The words of a cell (runs of glyphs between blanks), each as its own chunk with its bounds.
  static List<TextChunk> words(RectangularTextContainer cell) {
    List<TextChunk> words = new ArrayList<>();
    for (Object element : cell.getTextElements()) {
      if (!(element instanceof TextChunk)) continue;
      List<TextElement> current = new ArrayList<>();
      for (TextElement glyph : ((TextChunk) element).getTextElements()) {
        if (glyph.getText().trim().isEmpty()) {
          if (!current.isEmpty()) words.add(new TextChunk(current));
          current = new ArrayList<>();
        } else current.add(glyph);
      }
      if (!current.isEmpty()) words.add(new TextChunk(current));
    }
    return words;
  }

  static int distinct(List<Float> positions) {
    List<Float> seen = new ArrayList<>();
    for (float position : positions) addEdge(seen, position);
    return seen.size();
  }

  static List<TextChunk> words(TextChunk chunk) {
    List<TextChunk> words = new ArrayList<>();
    List<TextElement> current = new ArrayList<>();
    for (TextElement glyph : chunk.getTextElements()) {
      if (glyph.getText().trim().isEmpty()) {
        if (!current.isEmpty()) words.add(new TextChunk(current));
        current = new ArrayList<>();
      } else current.add(glyph);
    }
    if (!current.isEmpty()) words.add(new TextChunk(current));
    return words;
  }

  static void addEdge(List<Float> edges, float value) {
    for (float edge : edges) if (Math.abs(edge - value) < 1.0f) return;
    edges.add(value);
  }

  // Words of one piece in reading order: lines top to bottom (\r between them), words left to right.
  static String pieceText(List<TextChunk> words) {
    List<TextChunk> sorted = new ArrayList<>(words);
    sorted.sort((a, b) -> Math.abs(a.getTop() - b.getTop()) > Math.max(2.0, a.getHeight() * 0.5) ? Float.compare(a.getTop(), b.getTop()) : Float.compare(a.getLeft(), b.getLeft()));
    StringBuilder text = new StringBuilder();
    TextChunk previous = null;
    for (TextChunk word : sorted) {
      if (previous != null) text.append(Math.abs(previous.getTop() - word.getTop()) > Math.max(2.0, word.getHeight() * 0.5) ? "\r" : " ");
      text.append(word.getText());
      previous = word;
    }
    return text.toString();
  }

  // A ruled table whose body rows were drawn without their inner vertical rules comes out with
  // one wide cell per row holding a whole row of values ("25g 109 0.9 93 1.1"). When such a
  // cell's words fall into three or more of the columns the other rows' rules define, with no
  // word across an edge, the row lacks its rules: its wide cells are cut at those edges. A
  // spanning header is centred across an edge (or has fewer words) and stays whole. Tables
  // with nothing to cut come back unchanged.
  static Table splitUnruledCells(Page page, Table table) {
    return splitUnruledRows(splitUnruledColumns(recoverEdgeGlyphs(page, table)));
  }

  static int glyphCount(RectangularTextContainer cell) {
    int count = 0;
    for (Object element : cell.getTextElements()) {
      if (element instanceof TextChunk) {
        for (TextElement glyph : ((TextChunk) element).getTextElements()) if (!glyph.getText().trim().isEmpty()) count++;
      }
    }
    return count;
  }

  // tabula 0.9 gives a ruled cell only the glyphs wholly inside it, so a glyph touching the
  // rule ("$" of "$1.1M", "B" of "Budget") is lost. A cell missing glyphs is read again with
  // every glyph whose centre lies inside it.
  static Table recoverEdgeGlyphs(Page page, Table table) {
    List<RectangularTextContainer> cells = new ArrayList<>();
    for (List<RectangularTextContainer> row : table.getRows()) for (RectangularTextContainer cell : row) if (cell.getWidth() > 0 && !cells.contains(cell)) cells.add(cell);
    List<TextElement> glyphs = page.getText();
    List<RectangularTextContainer> result = new ArrayList<>();
    for (RectangularTextContainer cell : cells) {
      List<TextElement> inside = new ArrayList<>();
      int count = 0;
      for (TextElement glyph : glyphs) {
        double x = glyph.getCenterX();
        double y = glyph.getCenterY();
        if (x >= cell.getLeft() && x < cell.getRight() && y >= cell.getTop() && y < cell.getBottom()) {
          inside.add(glyph);
          if (!glyph.getText().trim().isEmpty()) count++;
        }
      }
      if (count <= glyphCount(cell)) {
        result.add(cell);
        continue;
      }
      Cell fresh = new Cell(cell.getTop(), cell.getLeft(), (float) cell.getWidth(), (float) cell.getHeight());
      fresh.setTextElements(TextElement.mergeWords(inside));
      result.add(fresh);
    }
    return regrid(table, result);
  }

  static Table splitUnruledColumns(Table table) {
    List<RectangularTextContainer> cells = new ArrayList<>();
    for (List<RectangularTextContainer> row : table.getRows()) for (RectangularTextContainer cell : row) if (cell.getWidth() > 0 && !cells.contains(cell)) cells.add(cell);
    List<Float> edges = new ArrayList<>();
    for (RectangularTextContainer cell : cells) {
      addEdge(edges, cell.getLeft());
      addEdge(edges, cell.getRight());
    }
    edges.sort(null);
    // Per wide cell: its pieces (word lists per column interval), or null when it cannot be cut.
    java.util.Map<RectangularTextContainer, List<List<TextChunk>>> pieces = new java.util.HashMap<>();
    java.util.Map<RectangularTextContainer, List<float[]>> spans = new java.util.HashMap<>();
    java.util.Set<Float> rowsToCut = new java.util.HashSet<>();
    for (RectangularTextContainer cell : cells) {
      List<Float> inner = new ArrayList<>();
      inner.add(cell.getLeft());
      for (float edge : edges) if (edge > cell.getLeft() + 1.0f && edge < cell.getRight() - 1.0f) inner.add(edge);
      if (inner.size() < 2) continue;
      inner.add(cell.getRight());
      List<TextChunk> words = words(cell);
      List<List<TextChunk>> groups = new ArrayList<>();
      for (int index = 0; index + 1 < inner.size(); index++) groups.add(new ArrayList<>());
      boolean clean = true;
      for (TextChunk word : words) {
        int target = -1;
        for (int index = 0; index + 1 < inner.size(); index++) {
          if (word.getLeft() >= inner.get(index) - 1.0f && word.getRight() <= inner.get(index + 1) + 1.0f) target = index;
        }
        if (target < 0) {
          clean = false;
          break;
        }
        groups.get(target).add(word);
      }
      if (!clean) continue;
      int filled = 0;
      for (List<TextChunk> group : groups) if (!group.isEmpty()) filled++;
      if (filled < 2) continue;
      List<float[]> bounds = new ArrayList<>();
      for (int index = 0; index + 1 < inner.size(); index++) bounds.add(new float[] {inner.get(index), inner.get(index + 1)});
      pieces.put(cell, groups);
      spans.put(cell, bounds);
      if (filled >= 3) rowsToCut.add(Math.round(cell.getTop() * 2) / 2.0f);
    }
    if (rowsToCut.isEmpty()) return regrid(table, cells);
    List<RectangularTextContainer> result = new ArrayList<>();
    for (RectangularTextContainer cell : cells) {
      List<List<TextChunk>> groups = pieces.get(cell);
      if (groups == null || !rowsToCut.contains(Math.round(cell.getTop() * 2) / 2.0f)) {
        result.add(cell);
        continue;
      }
      List<float[]> bounds = spans.get(cell);
      for (int index = 0; index < groups.size(); index++) {
        float[] span = bounds.get(index);
        result.add(new SplitCell(cell.getTop(), span[0], span[1] - span[0], (float) cell.getHeight(), groups.get(index), pieceText(groups.get(index))));
      }
    }
    return regrid(table, result);
  }

  // The same for rows: a ruled column whose row rules were never drawn comes out as one tall
  // cell holding a value per row of the neighbouring ruled column ("2880" over "1930" over
  // "1040" beside "Mink", "Otter", "Kingfisher"). When the cell's text lines fall one per row
  // band, in three or more bands, with no line across a band edge, it is cut at those edges.
  // A wrapped paragraph puts several lines into one band and stays whole.
  static Table splitUnruledRows(Table table) {
    List<RectangularTextContainer> cells = new ArrayList<>();
    for (List<RectangularTextContainer> row : table.getRows()) for (RectangularTextContainer cell : row) if (cell.getWidth() > 0 && !cells.contains(cell)) cells.add(cell);
    List<Float> edges = new ArrayList<>();
    for (RectangularTextContainer cell : cells) {
      addEdge(edges, cell.getTop());
      addEdge(edges, cell.getBottom());
    }
    edges.sort(null);
    List<RectangularTextContainer> result = new ArrayList<>();
    boolean changed = false;
    for (RectangularTextContainer cell : cells) {
      List<Float> inner = new ArrayList<>();
      inner.add(cell.getTop());
      for (float edge : edges) if (edge > cell.getTop() + 1.0f && edge < cell.getBottom() - 1.0f) inner.add(edge);
      inner.add(cell.getBottom());
      List<List<TextChunk>> lines = new ArrayList<>();
      List<TextChunk> words = words(cell);
      words.sort((a, b) -> Float.compare(a.getTop(), b.getTop()));
      for (TextChunk word : words) {
        List<TextChunk> line = lines.isEmpty() ? null : lines.get(lines.size() - 1);
        if (line == null || Math.abs(line.get(0).getTop() - word.getTop()) > Math.max(2.0, word.getHeight() * 0.5)) {
          line = new ArrayList<>();
          lines.add(line);
        }
        line.add(word);
      }
      List<List<TextChunk>> bands = new ArrayList<>();
      for (int index = 0; index + 1 < inner.size(); index++) bands.add(new ArrayList<>());
      boolean clean = inner.size() > 3;
      int filled = 0;
      for (List<TextChunk> line : lines) {
        if (!clean) break;
        float top = Float.MAX_VALUE;
        float bottom = -Float.MAX_VALUE;
        for (TextChunk word : line) {
          top = Math.min(top, word.getTop());
          bottom = Math.max(bottom, word.getBottom());
        }
        int target = -1;
        for (int index = 0; index + 1 < inner.size(); index++) {
          if (top >= inner.get(index) - 1.0f && bottom <= inner.get(index + 1) + 1.0f) target = index;
        }
        if (target < 0 || !bands.get(target).isEmpty()) clean = false;
        else {
          bands.get(target).addAll(line);
          filled++;
        }
      }
      if (!clean || filled < 3) {
        result.add(cell);
        continue;
      }
      changed = true;
      for (int index = 0; index < bands.size(); index++) {
        float top = inner.get(index);
        result.add(new SplitCell(top, cell.getLeft(), (float) cell.getWidth(), inner.get(index + 1) - top, bands.get(index), pieceText(bands.get(index))));
      }
    }
    return changed ? regrid(table, result) : table;
  }

  // A table rebuilt from cells placed by their top-left corners.
  static Table regrid(Table table, List<RectangularTextContainer> cells) {
    // A band thinner than a text line between two close rules (a double rule) holds no row.
    List<RectangularTextContainer> result = new ArrayList<>();
    for (RectangularTextContainer cell : cells) if (cell.getHeight() >= 2 || !cell.getText().trim().isEmpty()) result.add(cell);
    List<Float> lefts = new ArrayList<>();
    List<Float> tops = new ArrayList<>();
    for (RectangularTextContainer cell : result) {
      addEdge(lefts, cell.getLeft());
      addEdge(tops, cell.getTop());
    }
    lefts.sort(null);
    tops.sort(null);
    Table rebuilt = new Table();
    rebuilt.setRect(table);
    for (RectangularTextContainer cell : result) {
      rebuilt.add(cell, nearest(tops, cell.getTop()), nearest(lefts, cell.getLeft()));
    }
    return rebuilt;
  }

  // Some ruled tables frame only their value columns: the row labels (and a totals column)
  // stand outside the frame, level with its rows. Text beside the frame is taken in as a
  // column when it sits close (a gap under 60 points), is short (median under 40 characters
  // per row) and fills at least half the rows with at most one line each: a neighbouring
  // column of prose fails those tests.
  static Table extendToSideColumns(Page page, Table table) {
    List<RectangularTextContainer> cells = new ArrayList<>();
    for (List<RectangularTextContainer> row : table.getRows()) for (RectangularTextContainer cell : row) if (cell.getWidth() > 0 && !cells.contains(cell)) cells.add(cell);
    List<Float> tops = new ArrayList<>();
    for (RectangularTextContainer cell : cells) addEdge(tops, cell.getTop());
    tops.sort(null);
    if (tops.size() < 3) return table;
    List<float[]> bands = new ArrayList<>();
    for (float top : tops) {
      float bottom = top;
      for (RectangularTextContainer cell : cells) if (Math.abs(cell.getTop() - top) < 1.0f) bottom = Math.max(bottom, cell.getBottom());
      bands.add(new float[] {top, bottom});
    }
    List<TextElement> band = new ArrayList<>(page.getText(new Rectangle(table.getTop(), 0, (float) page.getWidth(), (float) table.getHeight())));
    if (band.isEmpty()) return table;
    List<TextChunk> words = new ArrayList<>();
    for (TextChunk chunk : TextElement.mergeWords(band)) words.addAll(words(chunk));
    List<RectangularTextContainer> added = new ArrayList<>();
    float left = table.getLeft();
    float right = table.getRight();
    for (int side = 0; side < 2; side++) {
      List<TextChunk> block = blockBeside(table, words, side);
      if (block.isEmpty()) continue;
      float boundary = outerEdge(table, block, side);
      List<List<TextChunk>> perRow = new ArrayList<>();
      for (int index = 0; index < bands.size(); index++) perRow.add(new ArrayList<>());
      for (TextChunk word : block) {
        double centre = word.getCenterY();
        for (int index = 0; index < bands.size(); index++) if (centre >= bands.get(index)[0] && centre < bands.get(index)[1] + 0.5f) perRow.get(index).add(word);
      }
      int filled = 0;
      boolean oneLine = true;
      List<Integer> lengths = new ArrayList<>();
      for (List<TextChunk> rowWords : perRow) {
        if (rowWords.isEmpty()) continue;
        filled++;
        String text = pieceText(rowWords);
        if (text.contains("\r")) oneLine = false;
        lengths.add(text.length());
      }
      lengths.sort(null);
      if (!oneLine || filled * 2 < bands.size() || lengths.get(lengths.size() / 2) >= 40) continue;
      float from = side == 0 ? boundary - 0.5f : table.getRight();
      float to = side == 0 ? table.getLeft() : boundary + 0.5f;
      for (int index = 0; index < bands.size(); index++) {
        float[] rowBand = bands.get(index);
        added.add(new SplitCell(rowBand[0], from, to - from, rowBand[1] - rowBand[0], perRow.get(index), pieceText(perRow.get(index))));
      }
      if (side == 0) left = from;
      else right = to;
    }
    if (added.isEmpty()) return table;
    cells.addAll(added);
    Table extended = regrid(table, cells);
    extended.setRect(table.getLeft() > left ? left : table.getLeft(), table.getTop(), right - Math.min(left, table.getLeft()), table.getHeight());
    return extended;
  }

  // The left and right bounds of a frame widened by the short lines of text level with it on
  // either side (row labels, a totals column), by the tests of extendToSideColumns applied
  // to text lines: close (gap under 60 points) and short (median under 40 characters).
  static float[] sideTextBounds(Page page, Table table) {
    float[] bounds = {table.getLeft(), table.getRight()};
    List<TextElement> band = new ArrayList<>(page.getText(new Rectangle(table.getTop(), 0, (float) page.getWidth(), (float) table.getHeight())));
    if (band.isEmpty()) return bounds;
    List<TextChunk> words = new ArrayList<>();
    for (TextChunk chunk : TextElement.mergeWords(band)) words.addAll(words(chunk));
    for (int side = 0; side < 2; side++) {
      List<TextChunk> block = blockBeside(table, words, side);
      if (block.isEmpty()) continue;
      float boundary = outerEdge(table, block, side);
      block.sort((a, b) -> Float.compare(a.getTop(), b.getTop()));
      List<Integer> lengths = new ArrayList<>();
      List<TextChunk> line = new ArrayList<>();
      for (TextChunk word : block) {
        if (!line.isEmpty() && Math.abs(line.get(0).getTop() - word.getTop()) > Math.max(2.0, word.getHeight() * 0.5)) {
          lengths.add(pieceText(line).length());
          line = new ArrayList<>();
        }
        line.add(word);
      }
      lengths.add(pieceText(line).length());
      lengths.sort(null);
      if (lengths.get(lengths.size() / 2) >= 40) continue;
      bounds[side] = side == 0 ? boundary - 0.5f : boundary + 0.5f;
    }
    return bounds;
  }

  // The words level with a frame on one side of it (0 left, 1 right), grown outwards word by word
  // while each next word is close (gap under 60 points) to the block found so far.
  static List<TextChunk> blockBeside(Table table, List<TextChunk> words, int side) {
    float boundary = side == 0 ? table.getLeft() : table.getRight();
    List<TextChunk> block = new ArrayList<>();
    boolean grew = true;
    while (grew) {
      grew = false;
      for (TextChunk word : words) {
        if (block.contains(word) || word.getTop() < table.getTop() - 1 || word.getBottom() > table.getBottom() + 1) continue;
        boolean near = side == 0
            ? word.getRight() <= table.getLeft() + 0.5f && word.getRight() > boundary - 60
            : word.getLeft() >= table.getRight() - 0.5f && word.getLeft() < boundary + 60;
        if (!near) continue;
        block.add(word);
        boundary = side == 0 ? Math.min(boundary, word.getLeft()) : Math.max(boundary, word.getRight());
        grew = true;
      }
    }
    return block;
  }

  // The outer edge of a block beside a frame: its leftmost left (side 0) or rightmost right (side 1).
  static float outerEdge(Table table, List<TextChunk> block, int side) {
    float edge = side == 0 ? table.getLeft() : table.getRight();
    for (TextChunk word : block) edge = side == 0 ? Math.min(edge, word.getLeft()) : Math.max(edge, word.getRight());
    return edge;
  }

  static int nearest(List<Float> values, float value) {
    int best = 0;
    for (int index = 1; index < values.size(); index++) if (Math.abs(values.get(index) - value) < Math.abs(values.get(best) - value)) best = index;
    return best;
  }

  static int characters(List<Table> tables) {
    int count = 0;
    for (Table table : tables) for (List<RectangularTextContainer> row : table.getRows()) for (RectangularTextContainer cell : row) count += cell.getText().replaceAll("\\s", "").length();
    return count;
  }

  static int columnCount(Table table) {
    int columns = 0;
    for (List<RectangularTextContainer> row : table.getRows()) columns = Math.max(columns, row.size());
    return columns;
  }

  // True when some row has two or more cells that each hold several lines with digits in every
  // line: rows whose separating rules were never drawn.
  static boolean sparselyRuled(Table table) {
    for (List<RectangularTextContainer> row : table.getRows()) {
      int stacked = 0;
      for (RectangularTextContainer cell : row) {
        String[] lines = cell.getText().split("\\r");
        if (lines.length < 2) continue;
        boolean digits = true;
        for (String line : lines) if (!line.matches(".*\\d.*")) digits = false;
        if (digits) stacked++;
      }
      if (stacked >= 2) return true;
    }
    return false;
  }

  static int filledCells(List<RectangularTextContainer> row) {
    int count = 0;
    for (RectangularTextContainer cell : row) if (!cell.getText().trim().isEmpty()) count++;
    return count;
  }

  static boolean isRealTable(Table table) {
    List<List<RectangularTextContainer>> rows = table.getRows();
    if (rows.size() < 2) return false;
    int columns = 0;
    for (List<RectangularTextContainer> row : rows) columns = Math.max(columns, row.size());
    return columns >= 2 && hasText(table);
  }

  static boolean isRuledGrid(Table table) {
    List<List<RectangularTextContainer>> rows = table.getRows();
    if (rows.size() < 2) return false;
    int columns = 0;
    for (List<RectangularTextContainer> row : rows) columns = Math.max(columns, row.size());
    return columns >= 2;
  }

  static boolean hasText(Table table) {
    for (List<RectangularTextContainer> row : table.getRows()) for (RectangularTextContainer cell : row) if (!cell.getText().trim().isEmpty()) return true;
    return false;
  }

  // The text lines of a ruled cell with their tops, so rows whose inner rules were never drawn
  // can be split again (tabula reads such a block as one cell).
  static void appendLines(StringBuilder json, RectangularTextContainer cell) {
    List<Rectangle> elements = new ArrayList<>();
    for (Object element : cell.getTextElements()) elements.add((Rectangle) element);
    elements.sort((a, b) -> Float.compare(a.getTop(), b.getTop()));
    List<List<Rectangle>> lines = new ArrayList<>();
    for (Rectangle element : elements) {
      List<Rectangle> line = lines.isEmpty() ? null : lines.get(lines.size() - 1);
      if (line == null || Math.abs(line.get(0).getTop() - element.getTop()) > Math.max(2.0, element.getHeight() * 0.5)) {
        line = new ArrayList<>();
        lines.add(line);
      }
      line.add(element);
    }
    if (lines.size() < 2) return;
    json.append(",\"lines\":[");
    for (int index = 0; index < lines.size(); index++) {
      List<Rectangle> line = lines.get(index);
      line.sort((a, b) -> Float.compare(a.getLeft(), b.getLeft()));
      StringBuilder text = new StringBuilder();
      for (Rectangle element : line) {
        String part = ((technology.tabula.HasText) element).getText();
        if (text.length() > 0 && !part.startsWith(" ") && text.charAt(text.length() - 1) != ' ') text.append(' ');
        text.append(part);
      }
      if (index > 0) json.append(',');
      json.append("{\"top\":").append(line.get(0).getTop()).append(",\"text\":").append(GSON.toJson(text.toString().trim())).append('}');
    }
    json.append(']');
  }

  static void appendPage(StringBuilder json, Page page, List<Table> tables, List<String> methods) {
    json.append("{\"page\":").append(page.getPageNumber())
        .append(",\"width\":").append(page.getWidth()).append(",\"height\":").append(page.getHeight())
        .append(",\"rotation\":").append(page.getRotation() == null ? 0 : page.getRotation())
        .append(",\"tables\":[");
    for (int index = 0; index < tables.size(); index++) {
      Table table = tables.get(index);
      if (index > 0) json.append(',');
      json.append("{\"method\":\"").append(methods.get(index)).append('"')
          .append(",\"top\":").append(table.getTop()).append(",\"left\":").append(table.getLeft())
          .append(",\"bottom\":").append(table.getBottom()).append(",\"right\":").append(table.getRight())
          .append(",\"rows\":[");
      boolean firstRow = true;
      for (List<RectangularTextContainer> row : table.getRows()) {
        if (!firstRow) json.append(',');
        firstRow = false;
        json.append('[');
        boolean firstCell = true;
        for (RectangularTextContainer cell : row) {
          if (!firstCell) json.append(',');
          firstCell = false;
          json.append("{\"text\":").append(GSON.toJson(cell.getText()));
          if (methods.get(index).equals("lattice")) appendLines(json, cell);
          json
              .append(",\"top\":").append(cell.getTop()).append(",\"left\":").append(cell.getLeft())
              .append(",\"width\":").append(cell.getWidth()).append(",\"height\":").append(cell.getHeight()).append('}');
        }
        json.append(']');
      }
      json.append("]}");
    }
    json.append("]}");
  }
}
