// A raw CUDA file beside this one, for file.test.
raw cuda file "kernel.cu";
