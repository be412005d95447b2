/**
 * The parts of Handlebars' parse tree this package reads, typed narrowly (the published typings are global and
 * loose).
 */

interface Position {
  line: number;
  column: number;
}
export interface SourceLocation {
  source?: string | undefined;
  start: Position;
  end: Position;
}

export interface Program {
  type: 'Program';
  body: Statement[];
  blockParams?: string[] | undefined;
  loc?: SourceLocation | undefined;
}

interface StripFlags {
  open: boolean;
  close: boolean;
}

export interface PathExpression {
  type: 'PathExpression';
  data: boolean;
  depth: number;
  parts: string[];
  original: string;
  loc?: SourceLocation | undefined;
}
interface SubExpression {
  type: 'SubExpression';
  path: PathExpression | Literal;
  params: Expression[];
  hash?: Hash | undefined;
  loc?: SourceLocation | undefined;
}
interface StringLiteral {
  type: 'StringLiteral';
  value: string;
  original: string;
  loc?: SourceLocation | undefined;
}
interface NumberLiteral {
  type: 'NumberLiteral';
  value: number;
  original: number;
  loc?: SourceLocation | undefined;
}
interface BooleanLiteral {
  type: 'BooleanLiteral';
  value: boolean;
  original: boolean;
  loc?: SourceLocation | undefined;
}
interface UndefinedLiteral {
  type: 'UndefinedLiteral';
  loc?: SourceLocation | undefined;
}
interface NullLiteral {
  type: 'NullLiteral';
  loc?: SourceLocation | undefined;
}
type Literal = StringLiteral | NumberLiteral | BooleanLiteral | UndefinedLiteral | NullLiteral;
export type Expression = PathExpression | SubExpression | Literal;

interface HashPair {
  type: 'HashPair';
  key: string;
  value: Expression;
}
interface Hash {
  type: 'Hash';
  pairs: HashPair[];
  loc?: SourceLocation | undefined;
}

export interface MustacheStatement {
  type: 'MustacheStatement' | 'Decorator';
  path: PathExpression | Literal;
  params: Expression[];
  hash?: Hash | undefined;
  escaped: boolean | string;
  strip: StripFlags;
  loc?: SourceLocation | undefined;
}
export interface BlockStatement {
  type: 'BlockStatement' | 'DecoratorBlock';
  path: PathExpression | Literal;
  params: Expression[];
  hash?: Hash | undefined;
  program?: Program | undefined;
  inverse?: Program | undefined;
  openStrip?: StripFlags;
  inverseStrip?: StripFlags;
  closeStrip?: StripFlags;
  loc?: SourceLocation | undefined;
}
interface ContentStatement {
  type: 'ContentStatement';
  value: string;
  original: string;
  loc?: SourceLocation | undefined;
}
interface CommentStatement {
  type: 'CommentStatement';
  value: string;
  loc?: SourceLocation | undefined;
}
interface PartialStatement {
  type: 'PartialStatement' | 'PartialBlockStatement';
  loc?: SourceLocation | undefined;
}
export type Statement = MustacheStatement | BlockStatement | ContentStatement | CommentStatement | PartialStatement;

export function isLiteral(e: Expression | Statement): e is Literal {
  return (
    e.type === 'StringLiteral' ||
    e.type === 'NumberLiteral' ||
    e.type === 'BooleanLiteral' ||
    e.type === 'UndefinedLiteral' ||
    e.type === 'NullLiteral'
  );
}

export function literalValue(e: Literal): string | number | boolean | null | undefined {
  switch (e.type) {
    case 'UndefinedLiteral':
      return undefined;
    case 'NullLiteral':
      return null;
    default:
      return e.value;
  }
}
