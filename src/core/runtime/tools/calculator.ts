/**
 * A safe arithmetic evaluator for the built-in `calculator` tool: a small
 * recursive-descent parser (no eval, no Function). Supports + - * / % ^ (and **),
 * parentheses, unary signs, constants pi/e and common Math functions.
 */

/** An expression the calculator cannot evaluate, with the position that broke it. */
export class CalculatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalculatorError";
  }
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 200;

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: Math.PI * 2 };

const FUNCTIONS: Record<string, { arity: [number, number]; fn: (...args: number[]) => number }> = {
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  cbrt: { arity: [1, 1], fn: Math.cbrt },
  abs: { arity: [1, 1], fn: Math.abs },
  round: { arity: [1, 2], fn: (x, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits },
  floor: { arity: [1, 1], fn: Math.floor },
  ceil: { arity: [1, 1], fn: Math.ceil },
  trunc: { arity: [1, 1], fn: Math.trunc },
  sign: { arity: [1, 1], fn: Math.sign },
  min: { arity: [1, 100], fn: Math.min },
  max: { arity: [1, 100], fn: Math.max },
  pow: { arity: [2, 2], fn: Math.pow },
  exp: { arity: [1, 1], fn: Math.exp },
  ln: { arity: [1, 1], fn: Math.log },
  log: { arity: [1, 2], fn: (x, base) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)) },
  log10: { arity: [1, 1], fn: Math.log10 },
  log2: { arity: [1, 1], fn: Math.log2 },
  sin: { arity: [1, 1], fn: Math.sin },
  cos: { arity: [1, 1], fn: Math.cos },
  tan: { arity: [1, 1], fn: Math.tan },
  asin: { arity: [1, 1], fn: Math.asin },
  acos: { arity: [1, 1], fn: Math.acos },
  atan: { arity: [1, 1], fn: Math.atan },
};

type Token =
  | { type: "num"; value: number; pos: number }
  | { type: "id"; value: string; pos: number }
  | { type: "op"; value: string; pos: number };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
      i++;
      continue;
    }
    if ((ch >= "0" && ch <= "9") || ch === ".") {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
      if (!match) throw new CalculatorError(`invalid number at position ${i + 1}`);
      tokens.push({ type: "num", value: Number(match[0]), pos: i });
      i += match[0].length;
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      const match = /^[A-Za-z][A-Za-z0-9]*/.exec(source.slice(i))!;
      tokens.push({ type: "id", value: match[0].toLowerCase(), pos: i });
      i += match[0].length;
      continue;
    }
    if (ch === "*" && source[i + 1] === "*") {
      tokens.push({ type: "op", value: "^", pos: i });
      i += 2;
      continue;
    }
    if ("+-*/%^(),×÷".includes(ch)) {
      const value = ch === "×" ? "*" : ch === "÷" ? "/" : ch;
      tokens.push({ type: "op", value, pos: i });
      i++;
      continue;
    }
    throw new CalculatorError(`unexpected character "${ch}" at position ${i + 1}`);
  }
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    if (this.tokens.length === 0) throw new CalculatorError("empty expression");
    const value = this.additive();
    const extra = this.peek();
    if (extra) throw new CalculatorError(`unexpected "${extra.value}" at position ${extra.pos + 1}`);
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private isOp(value: string): boolean {
    const token = this.tokens[this.index];
    return token !== undefined && token.type === "op" && token.value === value;
  }

  private expectOp(value: string): void {
    if (!this.isOp(value)) {
      const token = this.peek();
      throw new CalculatorError(
        token ? `expected "${value}" at position ${token.pos + 1}` : `expected "${value}" at end of expression`,
      );
    }
    this.index++;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new CalculatorError("expression is nested too deeply");
  }

  private additive(): number {
    let value = this.multiplicative();
    while (this.isOp("+") || this.isOp("-")) {
      const op = this.tokens[this.index++].value;
      const right = this.multiplicative();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  }

  private multiplicative(): number {
    let value = this.unary();
    while (this.isOp("*") || this.isOp("/") || this.isOp("%")) {
      const op = this.tokens[this.index++].value;
      const right = this.unary();
      if ((op === "/" || op === "%") && right === 0) throw new CalculatorError("division by zero");
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  }

  private unary(): number {
    if (this.isOp("-") || this.isOp("+")) {
      const op = this.tokens[this.index++].value;
      this.enter();
      const value = this.unary();
      this.depth--;
      return op === "-" ? -value : value;
    }
    return this.power();
  }

  /** Right-associative; binds tighter than unary minus (-2^2 = -4). */
  private power(): number {
    const base = this.primary();
    if (this.isOp("^")) {
      this.index++;
      this.enter();
      const exponent = this.unary();
      this.depth--;
      return base ** exponent;
    }
    return base;
  }

  private primary(): number {
    const token = this.peek();
    if (!token) throw new CalculatorError("unexpected end of expression");
    if (token.type === "num") {
      this.index++;
      return token.value;
    }
    if (token.type === "id") {
      this.index++;
      if (this.isOp("(")) return this.call(token as { value: string; pos: number });
      const constant = CONSTANTS[token.value];
      if (constant === undefined)
        throw new CalculatorError(`unknown name "${token.value}" at position ${token.pos + 1}`);
      return constant;
    }
    if (token.value === "(") {
      this.index++;
      this.enter();
      const value = this.additive();
      this.depth--;
      this.expectOp(")");
      return value;
    }
    throw new CalculatorError(`unexpected "${token.value}" at position ${token.pos + 1}`);
  }

  private call(name: { value: string; pos: number }): number {
    const fn = FUNCTIONS[name.value];
    if (!fn) throw new CalculatorError(`unknown function "${name.value}" at position ${name.pos + 1}`);
    this.expectOp("(");
    this.enter();
    const args: number[] = [];
    if (!this.isOp(")")) {
      args.push(this.additive());
      while (this.isOp(",")) {
        this.index++;
        args.push(this.additive());
      }
    }
    this.expectOp(")");
    this.depth--;
    const [min, max] = fn.arity;
    if (args.length < min || args.length > max) {
      throw new CalculatorError(
        `${name.value} takes ${min === max ? min : `${min}-${max}`} argument(s), got ${args.length}`,
      );
    }
    return fn.fn(...args);
  }
}

/** Evaluates `expression`; throws `CalculatorError` for invalid input or a non-finite result. */
export function evaluateExpression(expression: string): number {
  if (expression.length > MAX_LENGTH) throw new CalculatorError(`expression longer than ${MAX_LENGTH} characters`);
  const value = new Parser(tokenize(expression)).parse();
  if (!Number.isFinite(value)) throw new CalculatorError("result is not a finite number");
  return value;
}

/** Formats a result without binary noise (12 significant digits): 0.1 + 0.2 -> "0.3". */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}
