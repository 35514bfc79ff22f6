// Elementwise kernels whose header lines would run long (columns.test): every type for two
// placeholders, long parameter names, a placeholder only an output uses, a raw parameter.
module columns;

elementwise convert_and_scale<T, U>(T input_values, U scale_factor, float64 offset_value)
    -> (U scaled_output_values, T unchanged_input_copy) {
    scaled_output_values = U(input_values) * scale_factor + U(offset_value);
    unchanged_input_copy = input_values;
}

elementwise reverse_every_element_of_the_input<T>(raw T input_values) -> (T reversed_values) {
    reversed_values = input_values[_ind.size() - i - 1];
}

elementwise fill_with_constant<T, U: float32 | float64>(T constant_value)
    -> (U filled_output_values) {
    filled_output_values = U(constant_value);
}
