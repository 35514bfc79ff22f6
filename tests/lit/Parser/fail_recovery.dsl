// RUN: %gpucc --verify %s
// After a syntax error the parser skips to the next definition, so each definition below
// reports its own error and the valid ones between them are still checked.
elementwise missing_semicolon(float32 x) -> (float32 y) {
    y = x // expected-error {{expected ';' after the expression, found '}'}}
}
elementwise fine(float32 x) -> (float32 y) { y = x; }
garbage here; // expected-error {{expected a kernel definition ('elementwise', 'reduction', 'kernel', 'raw cuda' or 'fuse'), found identifier 'garbage'}}
elementwise missing_arrow(float32 x) (float32 y) { y = x; } // expected-error {{expected '->' and the output parameters after the inputs, found '('}}
elementwise (float32 x) -> (float32 y) { y = x; } // expected-error {{expected the kernel's name after 'elementwise', found '('}}
elementwise no_type(x) -> (float32 y) { y = x; } // expected-error {{expected a parameter name after its type, found ')'}}
elementwise bad_expr(float32 x) -> (float32 y) { y = x * ; } // expected-error {{expected an expression, found ';'}}
elementwise unclosed(float32 x) -> (float32 y) { y = (x + 1; } // expected-error {{expected ')' closing the parenthesis, found ';'}}
elementwise placeholders<T: >(T x) -> (T y) { y = x; } // expected-error {{expected a type name, found '>'}}
elementwise placeholders2<T float32>(T x) -> (T y) { y = x; } // expected-error {{expected '>' closing the type placeholders, found identifier 'float32'}}
elementwise no_body(float32 x) -> (float32 y) ; // expected-error {{expected '{' starting the kernel body, found ';'}}
elementwise bad_for(float32 x) -> (float32 y) { for (int k = 0; k < 3) y = x; } // expected-error {{expected ';' after the loop condition, found ')'}}
elementwise bad_do(float32 x) -> (float32 y) { do y = x; until (true); } // expected-error {{expected 'while' after the body of 'do', found identifier 'until'}}
elementwise bad_member(float32 x) -> (float32 y) { y = _ind.(); } // expected-error {{expected a member name after '.', found '('}}
elementwise unclosed_body(float32 x) -> (float32 y) {
    y = x;
// expected-error@+1 {{expected '}' closing the block, found end of file}}
