// RUN: %gpucc --emit=ast %s | FileCheck %s
module demo;
elementwise polar<T: float32 | float64, U>(T re, raw U im) -> (T r, T phi) {
    r = sqrt(re * re + im[i] * im[i]);
    if (r == 0) { phi = 0; } else { phi = atan2(im[i], re); }
}
// CHECK: Module demo <2:8>
// CHECK-NEXT:   Elementwise polar <3:13>
// CHECK-NEXT:     Placeholder T: float32 | float64 <3:19>
// CHECK-NEXT:     Placeholder U (default types) <3:41>
// CHECK-NEXT:     Input T re <3:46>
// CHECK-NEXT:     Input raw U im <3:56>
// CHECK-NEXT:     Output T r <3:66>
// CHECK-NEXT:     Output T phi <3:71>
// CHECK-NEXT:     Block <3:76>
// CHECK-NEXT:       ExprStmt <4:5>
// CHECK-NEXT:         Assign = <4:7>
// CHECK-NEXT:           Name r <4:5>
// CHECK-NEXT:           Call <4:9>
// CHECK-NEXT:             Name sqrt <4:9>
// CHECK-NEXT:             Binary + <4:22>
// CHECK-NEXT:               Binary * <4:17>
// CHECK-NEXT:                 Name re <4:14>
// CHECK-NEXT:                 Name re <4:19>
// CHECK-NEXT:               Binary * <4:30>
// CHECK-NEXT:                 Index <4:26>
// CHECK-NEXT:                   Name im <4:24>
// CHECK-NEXT:                   Name i <4:27>
// CHECK-NEXT:                 Index <4:34>
// CHECK-NEXT:                   Name im <4:32>
// CHECK-NEXT:                   Name i <4:35>
// CHECK-NEXT:       If <5:5>
// CHECK-NEXT:         Binary == <5:11>
// CHECK-NEXT:           Name r <5:9>
// CHECK-NEXT:           IntegerLiteral 0 <5:14>
// CHECK-NEXT:         Block <5:17>
// CHECK:            Else
// CHECK-NEXT:         Block <5:35>
