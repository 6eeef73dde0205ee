/** Prints rows of cells as an aligned plain-text table; the first row is the header. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const format = (row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ').trimEnd();
  console.log(format(rows[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(format(row));
}
